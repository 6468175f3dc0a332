import { z } from 'zod';
import type { ANNOUNCEMENT_PRIORITIES, ATTENDANCE_STATUSES, COHORT_STATUSES, ENROLLMENT_PAYMENT_STATUSES, ENROLLMENT_STATUSES } from '../constants.ts';
import { isIsoDate } from '../domain/nairobi-time.ts';
import type { AdminCertificateDto } from './certificates.ts';

/**
 * The console's Training view (/api/admin/training/…, academy.manage): what its areas share (the
 * status types, the texts, the route parameters and field helpers), the course options and
 * certificates. Each area has its own file: admin-cohorts.ts, admin-enrollments.ts,
 * admin-attendance.ts, admin-course-content.ts (sessions, announcements, materials), admin-grading.ts.
 */
export type CohortStatus = (typeof COHORT_STATUSES)[number];
export type EnrollmentStatusValue = (typeof ENROLLMENT_STATUSES)[number];
export type EnrollmentPaymentStatusValue = (typeof ENROLLMENT_PAYMENT_STATUSES)[number];
export type AttendanceStatusValue = (typeof ATTENDANCE_STATUSES)[number];
export type AnnouncementPriority = (typeof ANNOUNCEMENT_PRIORITIES)[number];

export { COHORT_STATUS_LABELS } from './courses.ts';

export const TRAINING_TEXTS = {
  cohortCreated: 'Cohort created successfully',
  cohortUpdated: 'Cohort updated successfully',
  cohortDeleted: 'Cohort deleted successfully',
  cohortDeleteConfirm: 'Are you sure you want to delete this cohort?',
  enrollmentApproved: 'Enrollment Approved',
  enrollmentRejected: 'Enrollment Rejected',
  enrollmentCancelled: 'Enrollment cancelled',
  paymentRecorded: 'Payment recorded',
  attendanceUpdated: 'Attendance updated successfully',
  noCertificates: 'No certificates issued yet',
} as const;

export const uuidParam = (what: string) => z.uuid({ error: `Unknown ${what}` });
export const trainingIdParam = z.object({ id: uuidParam('record') });
export const trainingCourseParam = z.object({ courseId: z.string().trim().min(1, 'Unknown course').max(100, 'Unknown course') });

export const isoDate = (required: string) => z.string({ error: required }).trim().min(1, required).refine(isIsoDate, 'Enter a date as YYYY-MM-DD');

export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((value) => (value === '' ? null : value))
    .nullish()
    .transform((value) => value ?? null);

export interface TrainingCourseOption {
  id: string;
  title: string;
  price: number;
  /** Years a certificate of this course holds before re-certification; null when it does not expire. */
  validityYears: number | null;
}

/** The bounds of a course's certificate validity (the courses table checks the same). */
export const COURSE_VALIDITY_MIN_YEARS = 1;
export const COURSE_VALIDITY_MAX_YEARS = 20;
export const COURSE_VALIDITY_MESSAGE = `Validity must be a whole number of years from ${COURSE_VALIDITY_MIN_YEARS} to ${COURSE_VALIDITY_MAX_YEARS}, or empty for certificates that do not expire`;

/**
 * How long the course's certificates hold (re-certification after N years), or null for never.
 * Applies to certificates issued from then on; one already issued keeps the expiry it was issued with.
 */
export const courseValidityInput = z.object({
  validityYears: z
    .number({ error: COURSE_VALIDITY_MESSAGE })
    .int(COURSE_VALIDITY_MESSAGE)
    .min(COURSE_VALIDITY_MIN_YEARS, COURSE_VALIDITY_MESSAGE)
    .max(COURSE_VALIDITY_MAX_YEARS, COURSE_VALIDITY_MESSAGE)
    .nullable(),
});
export type CourseValidityInput = z.infer<typeof courseValidityInput>;
/** GET /api/admin/training/certificates: every certificate, newest first. */
export type AdminCertificateRow = AdminCertificateDto;

/** :cohortId of the cohort's certificate routes. */
export const trainingCohortParam = z.object({ cohortId: uuidParam('cohort') });

export const certificateVerifyPath = (ref: string): string => `/cert/verify/${encodeURIComponent(ref)}`;
