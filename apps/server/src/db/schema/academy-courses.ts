/** The academy's catalogue and its runs: courses and their cohorts. */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { COHORT_STATUSES, COURSE_LEVELS } from '@ops/shared/constants';
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
