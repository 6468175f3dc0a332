import { z } from 'zod';
import { COHORT_STATUSES } from '../constants.ts';
import { isoDate, optionalText, type CohortStatus } from './admin-training.ts';

/** The console's cohorts: creating, editing and deleting a run of a course. */
export const COHORT_CAPACITY_MIN = 1;
export const COHORT_CAPACITY_MAX = 500;
export const COHORT_CAPACITY_DEFAULT = 20;
const capacityMessage = `Capacity must be a whole number from ${COHORT_CAPACITY_MIN} to ${COHORT_CAPACITY_MAX}`;

export const COHORT_MESSAGES = {
  course: 'Choose a course',
  startDate: 'Enter the start date',
  endDate: 'Enter the end date',
  endBeforeStart: 'The end date cannot be before the start date',
  capacity: capacityMessage,
} as const;

/** POST /cohorts and PUT /cohorts/:id. */
export const cohortInput = z
  .object({
    courseId: z.string({ error: COHORT_MESSAGES.course }).trim().min(1, COHORT_MESSAGES.course).max(100, COHORT_MESSAGES.course),
    startDate: isoDate(COHORT_MESSAGES.startDate),
    endDate: isoDate(COHORT_MESSAGES.endDate),
    capacity: z.coerce
      .number({ error: capacityMessage })
      .int(capacityMessage)
      .min(COHORT_CAPACITY_MIN, capacityMessage)
      .max(COHORT_CAPACITY_MAX, capacityMessage),
    status: z.enum(COHORT_STATUSES, { error: 'Choose a status' }).default('upcoming'),
    instructor: optionalText('The instructor', 200),
    location: optionalText('The location', 200),
    notes: optionalText('The notes', 2000),
  })
  .refine((v) => v.endDate >= v.startDate, { path: ['endDate'], message: COHORT_MESSAGES.endBeforeStart });
export type CohortInput = z.input<typeof cohortInput>;
export type CohortValues = z.output<typeof cohortInput>;

export interface AdminCohortRow {
  id: string;
  courseId: string;
  courseTitle: string;
  startDate: string;
  endDate: string;
  capacity: number;
  /** Seats taken (enrolments holding a seat). */
  enrolledCount: number;
  /** Every enrolment of the cohort, whatever its status (a cohort with any cannot be deleted). */
  enrollmentTotal: number;
  status: CohortStatus;
  instructor: string | null;
  location: string | null;
  notes: string | null;
  audited: boolean;
  auditedAt: string | null;
  /** What the partner wrote with the audit; null when nothing (or not audited). */
  auditNotes: string | null;
}

export const cohortHasEnrollmentsMessage = (n: number): string => `This cohort has ${n} ${n === 1 ? 'enrolment' : 'enrolments'} and cannot be deleted.`;
export const capacityBelowTakenMessage = (taken: number): string =>
  `This cohort already has ${taken} ${taken === 1 ? 'seat' : 'seats'} taken; its capacity cannot be lower than that.`;
export const COURSE_CHANGE_MESSAGE = 'This cohort has enrolments, so its course cannot be changed.';
