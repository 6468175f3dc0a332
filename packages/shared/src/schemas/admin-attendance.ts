import { z } from 'zod';
import { ATTENDANCE_STATUSES } from '../constants.ts';
import type { AttendanceRate } from '../domain/attendance-rate.ts';
import { COHORT_CAPACITY_MAX } from './admin-cohorts.ts';
import { uuidParam, isoDate, optionalText, type EnrollmentStatusValue, type AttendanceStatusValue } from './admin-training.ts';

/** The console's attendance register: a cohort's students for one session, and the marks recorded. */
export const attendanceQuery = z.object({
  cohortId: uuidParam('cohort'),
  sessionDate: isoDate('Choose the session date'),
});
export type AttendanceQuery = z.input<typeof attendanceQuery>;

export const ATTENDANCE_REASON_MAX = 500;

export const attendanceInput = z.object({
  cohortId: uuidParam('cohort'),
  sessionDate: isoDate('Choose the session date'),
  records: z
    .array(
      z.object({
        enrollmentId: uuidParam('enrolment'),
        status: z.enum(ATTENDANCE_STATUSES, { error: 'Choose present, absent, late or excused' }),
      }),
      { error: 'Mark at least one student' },
    )
    .min(1, 'Mark at least one student')
    .max(COHORT_CAPACITY_MAX, 'Too many students'),
  /** Why the marks change; required once a certificate of the cohort has been issued (kept in the audit trail). */
  reason: optionalText('The reason', ATTENDANCE_REASON_MAX),
});
export type AttendanceInput = z.input<typeof attendanceInput>;

export interface AttendanceStudent {
  enrollmentId: string;
  profileId: string;
  studentName: string;
  phone: string | null;
  enrollmentStatus: EnrollmentStatusValue;
  /** This session's mark, or null while unmarked. */
  status: AttendanceStatusValue | null;
  /** Over every session recorded for the student in this cohort. */
  rate: AttendanceRate;
}

export interface AttendanceSheet {
  cohortId: string;
  courseId: string;
  courseTitle: string;
  sessionDate: string;
  /** The cohort's scheduled session days (Nairobi dates), for quick picks. */
  sessionDates: string[];
  /** The days attendance may be recorded for now (the cohort's days up to today); null before it starts. */
  days: { first: string; last: string } | null;
  /** Why this day's attendance cannot be recorded (outside the cohort, or still to come); null when it can. */
  dayProblem: string | null;
  /** Certificates issued to the cohort's students: once there is one, a change needs a reason. */
  certificatesIssued: number;
  students: AttendanceStudent[];
}

export const NOT_IN_COHORT_MESSAGE = 'One of these students does not hold a seat in this cohort.';
