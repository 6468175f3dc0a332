import { z } from 'zod';
import type { ASSESSMENT_STATUSES, ASSESSMENT_TYPES, ENROLLMENT_PAYMENT_METHODS, ENROLLMENT_PAYMENT_STATUSES } from '../constants.ts';
import { ANNOUNCEMENT_PRIORITIES, ATTENDANCE_STATUSES, COHORT_STATUSES, ENROLLMENT_STATUSES } from '../constants.ts';
import type { AttendanceRate } from '../domain/attendance-rate.ts';
import { isIsoDate } from '../domain/nairobi-time.ts';
import { adminListQuery, type AdminPage } from './admin-list.ts';
import type { AdminCertificateDto } from './certificates.ts';

/**
 * The console's Training view (/api/admin/training/…, academy.manage): cohorts, enrolments,
 * attendance, certificates, each course's sessions, announcements and materials, and the grading of
 * submissions.
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

const uuidParam = (what: string) => z.uuid({ error: `Unknown ${what}` });
export const trainingIdParam = z.object({ id: uuidParam('record') });
export const trainingCourseParam = z.object({ courseId: z.string().trim().min(1, 'Unknown course').max(100, 'Unknown course') });

const isoDate = (required: string) => z.string({ error: required }).trim().min(1, required).refine(isIsoDate, 'Enter a date as YYYY-MM-DD');

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((value) => (value === '' ? null : value))
    .nullish()
    .transform((value) => value ?? null);

// ---------------------------------------------------------------- courses (for the selects)

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

// ---------------------------------------------------------------- cohorts

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

// ---------------------------------------------------------------- enrolments

export const ADMIN_ENROLLMENT_SORTS = ['created', 'name'] as const;
export type AdminEnrollmentSort = (typeof ADMIN_ENROLLMENT_SORTS)[number];
export const ADMIN_ENROLLMENT_STATUS_FILTERS = ['all', ...ENROLLMENT_STATUSES] as const;

/** q searches the student's name and phone and the course's title. */
export const adminEnrollmentListQuery = adminListQuery({
  sorts: ADMIN_ENROLLMENT_SORTS,
  defaultSort: 'created',
  defaultDir: 'desc',
  filters: {
    status: z.enum(ADMIN_ENROLLMENT_STATUS_FILTERS, { error: 'Unknown status' }).default('all'),
    cohortId: z.union([z.literal('all'), z.uuid({ error: 'Unknown cohort' })]).default('all'),
  },
});
export type AdminEnrollmentListQuery = z.input<typeof adminEnrollmentListQuery>;
export type AdminEnrollmentListParams = z.output<typeof adminEnrollmentListQuery>;

export interface AdminEnrollmentRow {
  id: string;
  profileId: string;
  studentName: string;
  /** The student's profile phone (2547XXXXXXXX), else the phone given for M-Pesa. */
  phone: string | null;
  courseId: string;
  courseTitle: string;
  cohortId: string;
  cohortStartDate: string;
  paymentMethod: (typeof ENROLLMENT_PAYMENT_METHODS)[number];
  coursePrice: number;
  paymentStatus: EnrollmentPaymentStatusValue;
  status: EnrollmentStatusValue;
  notes: string | null;
  createdAt: string;
  /** A refund of its online fee was asked for and the payment service has not answered yet. */
  refundRequested: boolean;
}
export type AdminEnrollmentPage = AdminPage<AdminEnrollmentRow>;

export const ENROLLMENT_REASON_MAX = 500;
export const ENROLLMENT_REASON_MESSAGE = 'Please give a reason';

const requiredReason = z
  .string({ error: ENROLLMENT_REASON_MESSAGE })
  .trim()
  .min(1, ENROLLMENT_REASON_MESSAGE)
  .max(ENROLLMENT_REASON_MAX, `The reason must be at most ${ENROLLMENT_REASON_MAX} characters`);

/** Approving needs nothing more; rejecting needs the reason the student reads. */
export const enrollmentReviewInput = z.discriminatedUnion(
  'decision',
  [z.object({ decision: z.literal('approved') }), z.object({ decision: z.literal('rejected'), reason: requiredReason })],
  { error: 'Choose approve or reject' },
);
export type EnrollmentReviewInput = z.input<typeof enrollmentReviewInput>;
export type EnrollmentReviewValues = z.output<typeof enrollmentReviewInput>;

/** Cancelling an enrolment (unpaid, or paid with its fee given back) needs the reason the student reads. */
export const enrollmentCancelInput = z.object({ reason: requiredReason });
export type EnrollmentCancelInput = z.input<typeof enrollmentCancelInput>;

/**
 * What a cancellation did: the enrolment as it is now, and the fee given back ('provider': through
 * the payment service, 'unconfirmed' while it has not answered; 'office': in cash at the desk).
 */
export interface EnrollmentCancelResult {
  enrollment: AdminEnrollmentRow;
  refund: { how: 'none' } | { how: 'provider' | 'office'; amount: number; of: number; outcome: 'accepted' | 'unconfirmed' };
}

export const RECEIPT_NUMBER_MAX = 64;
export const cashPaidInput = z.object({
  receiptNumber: z
    .string({ error: 'Enter the receipt number' })
    .trim()
    .min(1, 'Enter the receipt number')
    .max(RECEIPT_NUMBER_MAX, `The receipt number must be at most ${RECEIPT_NUMBER_MAX} characters`),
});
export type CashPaidInput = z.input<typeof cashPaidInput>;

// ---------------------------------------------------------------- attendance

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

// ---------------------------------------------------------------- certificates

/** GET /api/admin/training/certificates: every certificate, newest first. */
export type AdminCertificateRow = AdminCertificateDto;

/** :cohortId of the cohort's certificate routes. */
export const trainingCohortParam = z.object({ cohortId: uuidParam('cohort') });

export const certificateVerifyPath = (ref: string): string => `/cert/verify/${encodeURIComponent(ref)}`;

// ---------------------------------------------------------------- course content: sessions

export const SESSION_DURATION_MIN = 0.5;
export const SESSION_DURATION_MAX = 24;
const durationMessage = `Duration must be from ${SESSION_DURATION_MIN} to ${SESSION_DURATION_MAX} hours`;

export const sessionInput = z.object({
  courseId: z.string({ error: 'Choose a course' }).trim().min(1, 'Choose a course').max(100, 'Choose a course'),
  cohortId: z
    .union([z.uuid({ error: 'Unknown cohort' }), z.literal(''), z.null()])
    .optional()
    .transform((value) => value || null),
  title: z.string({ error: 'Enter a title' }).trim().min(1, 'Enter a title').max(200, 'The title must be at most 200 characters'),
  description: optionalText('The description', 2000),
  date: isoDate('Choose the date'),
  time: z.string({ error: 'Choose the time' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Choose the time as HH:MM'),
  durationHours: z.coerce
    .number({ error: durationMessage })
    .min(SESSION_DURATION_MIN, durationMessage)
    .max(SESSION_DURATION_MAX, durationMessage)
    .refine((n) => Number.isInteger(n * 10), 'Duration may have one decimal place'),
  location: optionalText('The location', 200),
  instructor: optionalText('The instructor', 200),
});
export type SessionInput = z.input<typeof sessionInput>;
export type SessionValues = z.output<typeof sessionInput>;

export interface AdminSessionRow {
  id: string;
  courseId: string;
  cohortId: string | null;
  /** The cohort's start day, to tell cohorts apart. */
  cohortStartDate: string | null;
  title: string;
  description: string | null;
  /** The instant (ISO); shown in Nairobi time. */
  sessionDate: string;
  /** Nairobi date and time of day, for the edit form. */
  date: string;
  time: string;
  durationHours: number;
  location: string | null;
  instructor: string | null;
}

// ---------------------------------------------------------------- course content: announcements

export const announcementInput = z.object({
  title: z.string({ error: 'Enter a title' }).trim().min(1, 'Enter a title').max(200, 'The title must be at most 200 characters'),
  content: z
    .string({ error: 'Enter the announcement' })
    .trim()
    .min(1, 'Enter the announcement')
    .max(5000, 'The announcement must be at most 5,000 characters'),
  priority: z.enum(ANNOUNCEMENT_PRIORITIES, { error: 'Choose low, normal or high' }).default('normal'),
  /** One cohort of the course; empty or null for the whole course. */
  cohortId: z
    .union([z.uuid({ error: 'Choose a cohort of this course' }), z.literal(''), z.null()])
    .optional()
    .transform((value) => value || null),
});
export type AnnouncementInput = z.input<typeof announcementInput>;
export type AnnouncementValues = z.output<typeof announcementInput>;

export interface AdminAnnouncementRow {
  id: string;
  courseId: string;
  /** The cohort it is for, and that cohort's first day; both null for the whole course. */
  cohortId: string | null;
  cohortStartDate: string | null;
  title: string;
  content: string;
  priority: AnnouncementPriority;
  publishedAt: string;
}

// ---------------------------------------------------------------- course content: materials

export const COURSE_MATERIAL_MAX_BYTES = 50 * 1024 * 1024;
export const COURSE_MATERIAL_CONTENT_TYPES = [
  'application/pdf',
  'application/msword',
  'application/x-cfb',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/zip',
  'video/mp4',
  'image/jpeg',
  'image/png',
] as const;
export const COURSE_MATERIAL_ACCEPT = '.pdf,.doc,.docx,.pptx,.xlsx,.zip,.mp4,.jpg,.jpeg,.png';
export const COURSE_MATERIAL_MESSAGES = {
  tooLarge: 'The file is larger than 50 MB.',
  wrongType: 'Upload a PDF, DOC, DOCX, PPTX, XLSX, ZIP, MP4, JPEG or PNG file.',
  noFile: 'Choose a file to upload.',
  emptyFile: 'The file is empty.',
} as const;

export interface AdminMaterialRow {
  id: string;
  courseId: string;
  name: string;
  contentType: string;
  sizeBytes: number;
  createdAt: string;
  /** The admin's download. */
  url: string;
}

/** '12.5 KB': materials are listed with their size in KB. */
export const sizeInKb = (bytes: number): string => `${(bytes / 1024).toLocaleString('en-KE', { maximumFractionDigits: 1 })} KB`;

// ---------------------------------------------------------------- grading

export const SUBMISSION_FILTERS = ['ungraded', 'graded', 'all'] as const;
export type SubmissionFilter = (typeof SUBMISSION_FILTERS)[number];

export const adminSubmissionListQuery = adminListQuery({
  sorts: ['submitted'] as const,
  defaultSort: 'submitted',
  defaultDir: 'desc',
  filters: {
    status: z.enum(SUBMISSION_FILTERS, { error: 'Unknown filter' }).default('ungraded'),
  },
});
export type AdminSubmissionListQuery = z.input<typeof adminSubmissionListQuery>;
export type AdminSubmissionListParams = z.output<typeof adminSubmissionListQuery>;

export interface AdminSubmissionRow {
  id: string;
  enrollmentId: string;
  profileId: string;
  studentName: string;
  courseId: string;
  courseTitle: string;
  title: string;
  type: (typeof ASSESSMENT_TYPES)[number];
  fileName: string;
  status: (typeof ASSESSMENT_STATUSES)[number];
  submittedAt: string;
  grade: string | null;
  passed: boolean | null;
  feedback: string | null;
  gradedAt: string | null;
  /** The admin's download (each read is recorded). */
  url: string;
}
export type AdminSubmissionPage = AdminPage<AdminSubmissionRow>;

export const GRADE_MAX = 20;
export const FEEDBACK_MAX = 2000;
export const gradeInput = z.object({
  grade: z.string({ error: 'Enter the grade' }).trim().min(1, 'Enter the grade').max(GRADE_MAX, `The grade must be at most ${GRADE_MAX} characters`),
  passed: z.boolean({ error: 'Choose pass or fail' }),
  feedback: optionalText('The feedback', FEEDBACK_MAX),
});
export type GradeInput = z.input<typeof gradeInput>;
