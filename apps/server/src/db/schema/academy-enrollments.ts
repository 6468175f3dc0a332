/** A student's place in a cohort: the enrolment, with its status and fee (written only through enrollment-lifecycle.service.ts). */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ENROLLMENT_PAYMENT_METHODS, ENROLLMENT_PAYMENT_STATUSES, ENROLLMENT_STATUSES } from '@ops/shared/constants';
import { cohorts, courses } from './academy-courses.ts';
import { inList } from './helpers.ts';
import { profiles } from './profiles.ts';

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
