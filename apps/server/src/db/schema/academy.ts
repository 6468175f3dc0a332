import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  ANNOUNCEMENT_PRIORITIES,
  ASSESSMENT_STATUSES,
  ASSESSMENT_TYPES,
  ATTENDANCE_STATUSES,
  CERTIFICATE_BATCH_STATUSES,
  COHORT_STATUSES,
  COURSE_LEVELS,
  ENROLLMENT_PAYMENT_METHODS,
  ENROLLMENT_PAYMENT_STATUSES,
  ENROLLMENT_STATUSES,
} from '@ops/shared/constants';
import { storedFiles } from './files.ts';
import { inList } from './helpers.ts';
import { profiles } from './profiles.ts';

export interface SyllabusWeek {
  week: number;
  title: string;
  topics: string[];
}

/** The academy's catalogue; ids are the public slugs (cpo, basic-security, …). */
export const courses = pgTable(
  'courses',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    tagline: text('tagline').notNull(),
    description: text('description').notNull(),
    durationWeeks: integer('duration_weeks').notNull(),
    /** Whole KES. */
    price: integer('price').notNull(),
    level: text('level', { enum: COURSE_LEVELS }).notNull(),
    accreditation: text('accreditation').notNull(),
    category: text('category').notNull(),
    maxStudents: integer('max_students').notNull(),
    prerequisites: text('prerequisites')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    syllabus: jsonb('syllabus')
      .$type<SyllabusWeek[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    learningOutcomes: text('learning_outcomes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    careerOpportunities: text('career_opportunities')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Years a certificate of this course stays valid (re-certification after); null = for good. */
    validityYears: integer('validity_years'),
    published: boolean('published').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('courses_sort_order_idx').on(t.published, t.sortOrder),
    check('courses_level_check', inList(t.level, COURSE_LEVELS)),
    check('courses_price_check', sql`${t.price} >= 0`),
    check('courses_duration_check', sql`${t.durationWeeks} > 0`),
    check('courses_max_students_check', sql`${t.maxStudents} > 0`),
    check('courses_validity_check', sql`${t.validityYears} is null or ${t.validityYears} between 1 and 20`),
  ],
);

/**
 * One run of a course. enrolled_count is kept by the database: triggers (migration 0032) recount a
 * cohort's seat-holding enrolments whenever one is added, removed or changes status or cohort, and
 * whenever the cohort row is written, so no code path can set it; the capacity check then refuses
 * the enrolment that would pass the capacity, whatever the race.
 */
export const cohorts = pgTable(
  'cohorts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    capacity: integer('capacity').notNull().default(20),
    enrolledCount: integer('enrolled_count').notNull().default(0),
    status: text('status', { enum: COHORT_STATUSES }).notNull().default('upcoming'),
    instructor: text('instructor'),
    location: text('location'),
    notes: text('notes'),
    audited: boolean('audited').notNull().default(false),
    auditedBy: uuid('audited_by').references(() => profiles.id, { onDelete: 'set null' }),
    auditedAt: timestamp('audited_at', { withTimezone: true }),
    /** What the partner wrote with the audit (optional); shown to admins and in the partner's record. */
    auditNotes: text('audit_notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cohorts_course_start_idx').on(t.courseId, t.startDate),
    index('cohorts_start_date_idx').on(t.startDate.desc()),
    index('cohorts_status_idx').on(t.status),
    index('cohorts_audited_by_idx').on(t.auditedBy),
    check('cohorts_status_check', inList(t.status, COHORT_STATUSES)),
    check('cohorts_dates_check', sql`${t.endDate} >= ${t.startDate}`),
    check('cohorts_capacity_check', sql`${t.capacity} > 0 and ${t.enrolledCount} between 0 and ${t.capacity}`),
    check('cohorts_audit_check', sql`not ${t.audited} or ${t.auditedAt} is not null`),
    // Lets a row name a cohort together with its course (course_announcements), so the two cannot disagree.
    unique('cohorts_id_course_key').on(t.id, t.courseId),
    // An audit vouches for a cohort as it ran: never dated before its first day (a Nairobi day).
    check('cohorts_audit_date_check', sql`${t.auditedAt} is null or (${t.auditedAt} at time zone 'Africa/Nairobi')::date >= ${t.startDate}`),
    check('cohorts_audit_notes_check', sql`${t.auditNotes} is null or (${t.audited} and char_length(${t.auditNotes}) <= 1000)`),
  ],
);

export const enrollments = pgTable(
  'enrollments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'restrict' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    cohortId: uuid('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'restrict' }),
    /** The fee at enrolment, whole KES. */
    coursePrice: integer('course_price').notNull(),
    paymentMethod: text('payment_method', { enum: ENROLLMENT_PAYMENT_METHODS }).notNull(),
    phoneNumber: text('phone_number'),
    status: text('status', { enum: ENROLLMENT_STATUSES }).notNull(),
    paymentStatus: text('payment_status', { enum: ENROLLMENT_PAYMENT_STATUSES }).notNull(),
    /** Cash enrolments: pay at the office by this day (7 days before the cohort starts). */
    paymentDeadline: date('payment_deadline'),
    transactionId: text('transaction_id'),
    apiRef: text('api_ref'),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One seat-holding enrolment per person per cohort; a cancelled or rejected one does not stop enrolling again.
    uniqueIndex('enrollments_profile_cohort_active_key')
      .on(t.profileId, t.cohortId)
      .where(sql`${t.status} not in ('cancelled', 'rejected')`),
    uniqueIndex('enrollments_api_ref_key').on(t.apiRef),
    index('enrollments_profile_created_idx').on(t.profileId, t.createdAt.desc()),
    index('enrollments_course_id_idx').on(t.courseId, t.status),
    index('enrollments_cohort_id_idx').on(t.cohortId),
    index('enrollments_status_idx').on(t.status, t.createdAt.desc()),
    // The cash-deadline job: cash fees still due (awaiting review or approved) by their deadline.
    index('enrollments_cash_deadline_idx')
      .on(t.paymentDeadline)
      .where(sql`${t.paymentStatus} = 'pending_cash'`),
    check('enrollments_status_check', inList(t.status, ENROLLMENT_STATUSES)),
    check('enrollments_payment_status_check', inList(t.paymentStatus, ENROLLMENT_PAYMENT_STATUSES)),
    check('enrollments_payment_method_check', inList(t.paymentMethod, ENROLLMENT_PAYMENT_METHODS)),
    check('enrollments_price_check', sql`${t.coursePrice} >= 0`),
    check('enrollments_phone_check', sql`${t.phoneNumber} is null or ${t.phoneNumber} ~ '^254[17][0-9]{8}$'`),
  ],
);

/** Class sessions of a cohort. */
export const cohortSchedules = pgTable(
  'cohort_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    cohortId: uuid('cohort_id').references(() => cohorts.id, { onDelete: 'cascade' }),
    sessionTitle: text('session_title').notNull(),
    sessionDescription: text('session_description'),
    sessionDate: timestamp('session_date', { withTimezone: true }).notNull(),
    durationHours: numeric('duration_hours', { precision: 4, scale: 1, mode: 'number' }).notNull(),
    location: text('location'),
    instructor: text('instructor'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cohort_schedules_course_date_idx').on(t.courseId, t.sessionDate),
    index('cohort_schedules_cohort_id_idx').on(t.cohortId),
    index('cohort_schedules_session_date_idx').on(t.sessionDate),
    check('cohort_schedules_duration_check', sql`${t.durationHours} > 0 and ${t.durationHours} <= 24`),
  ],
);

export const courseAnnouncements = pgTable(
  'course_announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** The one cohort it is for; null for the whole course (every cohort's students read it). */
    cohortId: uuid('cohort_id'),
    title: text('title').notNull(),
    content: text('content').notNull(),
    priority: text('priority', { enum: ANNOUNCEMENT_PRIORITIES }).notNull().default('normal'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    authorProfileId: uuid('author_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('course_announcements_course_published_idx').on(t.courseId, t.publishedAt.desc()),
    index('course_announcements_author_profile_id_idx').on(t.authorProfileId),
    index('course_announcements_cohort_id_idx').on(t.cohortId),
    // A cohort of the announcement's own course; it goes with its cohort.
    foreignKey({ name: 'course_announcements_cohort_course_fkey', columns: [t.cohortId, t.courseId], foreignColumns: [cohorts.id, cohorts.courseId] })
      .onDelete('cascade')
      .onUpdate('cascade'),
    check('course_announcements_priority_check', inList(t.priority, ANNOUNCEMENT_PRIORITIES)),
  ],
);

export const studentAssessments = pgTable(
  'student_assessments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enrollmentId: uuid('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    assessmentTitle: text('assessment_title').notNull(),
    assessmentType: text('assessment_type', { enum: ASSESSMENT_TYPES }).notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'restrict' }),
    fileName: text('file_name').notNull(),
    status: text('status', { enum: ASSESSMENT_STATUSES }).notNull().default('submitted'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    grade: text('grade'),
    /** The grader's pass or fail, set with the grade; the certificate rule needs every submission passed. */
    passed: boolean('passed'),
    feedback: text('feedback'),
    gradedBy: uuid('graded_by').references(() => profiles.id, { onDelete: 'set null' }),
    gradedAt: timestamp('graded_at', { withTimezone: true }),
  },
  (t) => [
    index('student_assessments_profile_submitted_idx').on(t.profileId, t.submittedAt.desc()),
    index('student_assessments_enrollment_id_idx').on(t.enrollmentId),
    index('student_assessments_course_id_idx').on(t.courseId),
    index('student_assessments_file_id_idx').on(t.fileId),
    index('student_assessments_graded_by_idx').on(t.gradedBy),
    check('student_assessments_type_check', inList(t.assessmentType, ASSESSMENT_TYPES)),
    check('student_assessments_status_check', inList(t.status, ASSESSMENT_STATUSES)),
    check('student_assessments_grade_check', sql`(${t.status} = 'graded') = (${t.grade} is not null)`),
    check('student_assessments_passed_check', sql`${t.passed} is null or ${t.status} = 'graded'`),
  ],
);

export const attendance = pgTable(
  'attendance',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enrollmentId: uuid('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    sessionDate: date('session_date').notNull(),
    sessionTitle: text('session_title'),
    status: text('status', { enum: ATTENDANCE_STATUSES }).notNull(),
    recordedBy: uuid('recorded_by').references(() => profiles.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('attendance_enrollment_session_key').on(t.enrollmentId, t.sessionDate),
    index('attendance_session_date_idx').on(t.sessionDate),
    index('attendance_profile_id_idx').on(t.profileId),
    index('attendance_course_id_idx').on(t.courseId),
    index('attendance_recorded_by_idx').on(t.recordedBy),
    check('attendance_status_check', inList(t.status, ATTENDANCE_STATUSES)),
  ],
);

/**
 * An issued certificate: a real PDF in the file store and a signed Open Badges 3.0 credential,
 * verifiable by its unguessable reference. A revoked certificate keeps its row (the verify page says
 * when and why); one certificate per enrolment.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enrollmentId: uuid('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'restrict' }),
    /** The student it was issued to (the enrolment's profile), for the guard's badge. */
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'restrict' }),
    certificateRef: text('certificate_ref').notNull(),
    studentName: text('student_name').notNull(),
    courseName: text('course_name').notNull(),
    issueDate: date('issue_date').notNull(),
    /** The last day it is valid, when the course sets a validity; null = does not expire. */
    expiresOn: date('expires_on'),
    cobranded: boolean('cobranded').notNull().default(false),
    /** The cohort's audit date when co-branded, as printed on the certificate. */
    auditedAt: timestamp('audited_at', { withTimezone: true }),
    fileId: uuid('file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    /** The signed credential (a VC-JWT, Ed25519), as the student downloads it. */
    credentialJwt: text('credential_jwt'),
    issuedBy: uuid('issued_by').references(() => profiles.id, { onDelete: 'set null' }),
    /** Why an admin issued it to a student who did not qualify; null when they qualified. */
    overrideReason: text('override_reason'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    revokedBy: uuid('revoked_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('certificates_certificate_ref_key').on(t.certificateRef),
    uniqueIndex('certificates_enrollment_id_key').on(t.enrollmentId),
    index('certificates_profile_valid_idx')
      .on(t.profileId, t.expiresOn)
      .where(sql`${t.revokedAt} is null`),
    index('certificates_file_id_idx').on(t.fileId),
    index('certificates_issued_by_idx').on(t.issuedBy),
    index('certificates_revoked_by_idx').on(t.revokedBy),
    index('certificates_created_at_idx').on(t.createdAt.desc()),
    check('certificates_revoked_check', sql`(${t.revokedAt} is null) = (${t.revokedReason} is null)`),
    check('certificates_expiry_check', sql`${t.expiresOn} is null or ${t.expiresOn} >= ${t.issueDate}`),
  ],
);

/** "Generate for cohort": one background run issuing every qualifying student's certificate. */
export const certificateBatches = pgTable(
  'certificate_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cohortId: uuid('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by').references(() => profiles.id, { onDelete: 'set null' }),
    status: text('status', { enum: CERTIFICATE_BATCH_STATUSES }).notNull().default('queued'),
    /** Students who qualified when the run was asked for. */
    total: integer('total').notNull().default(0),
    issued: integer('issued').notNull().default(0),
    /** Already held a certificate. */
    skipped: integer('skipped').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('certificate_batches_cohort_created_idx').on(t.cohortId, t.createdAt.desc()),
    index('certificate_batches_requested_by_idx').on(t.requestedBy),
    check('certificate_batches_status_check', inList(t.status, CERTIFICATE_BATCH_STATUSES)),
  ],
);
