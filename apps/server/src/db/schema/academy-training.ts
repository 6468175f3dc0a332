/** What happens in a cohort while it runs: class sessions, announcements, submitted assessments and attendance. */
import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ANNOUNCEMENT_PRIORITIES, ASSESSMENT_STATUSES, ASSESSMENT_TYPES, ATTENDANCE_STATUSES } from '@ops/shared/constants';
import { cohorts, courses } from './academy-courses.ts';
import { enrollments } from './academy-enrollments.ts';
import { storedFiles } from './files.ts';
import { inList } from './helpers.ts';
import { profiles } from './profiles.ts';

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
