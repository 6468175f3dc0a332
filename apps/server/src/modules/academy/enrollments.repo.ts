/** SQL for enrolments and the seats they hold. Status columns are written only through enrollment-lifecycle.service.ts. */
import { and, desc, eq, gt, lt, notInArray, sql } from 'drizzle-orm';
import type { EnrollmentPaymentMethod, EnrollmentStatus } from '@ops/shared/constants';
import type { Executor } from '../../db/client.ts';
import { cohorts, courses, enrollments } from '../../db/schema/academy.ts';
import { users } from '../../db/schema/auth.ts';
import { payments } from '../../db/schema/payments.ts';
import { profiles } from '../../db/schema/profiles.ts';

export type EnrollmentRow = typeof enrollments.$inferSelect;

/** The row, locked for the rest of the transaction (status changes read and write it under the lock). */
export async function lockEnrollment(tx: Executor, id: string): Promise<EnrollmentRow | undefined> {
  const [row] = await tx.select().from(enrollments).where(eq(enrollments.id, id)).for('update');
  return row;
}

export async function findEnrollment(db: Executor, id: string): Promise<EnrollmentRow | undefined> {
  const [row] = await db.select().from(enrollments).where(eq(enrollments.id, id));
  return row;
}

export interface EnrollmentChange {
  status: EnrollmentStatus;
  paymentStatus: EnrollmentRow['paymentStatus'];
  transactionId?: string | null;
  notes?: string | null;
}

export async function writeEnrollmentChange(tx: Executor, id: string, change: EnrollmentChange, now: Date): Promise<void> {
  await tx
    .update(enrollments)
    .set({ ...change, updatedAt: now })
    .where(eq(enrollments.id, id));
}

/**
 * Takes one seat if one is left, in a single conditional statement: however many people ask at
 * once, the count never passes the capacity. False when the cohort is full.
 */
export async function takeSeat(tx: Executor, cohortId: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(cohorts)
    .set({ enrolledCount: sql`${cohorts.enrolledCount} + 1`, updatedAt: now })
    .where(and(eq(cohorts.id, cohortId), lt(cohorts.enrolledCount, cohorts.capacity)))
    .returning({ id: cohorts.id });
  return rows.length === 1;
}

export async function releaseSeat(tx: Executor, cohortId: string, now: Date): Promise<void> {
  await tx
    .update(cohorts)
    .set({ enrolledCount: sql`${cohorts.enrolledCount} - 1`, updatedAt: now })
    .where(and(eq(cohorts.id, cohortId), gt(cohorts.enrolledCount, 0)));
}

export interface NewEnrollment {
  id?: string;
  apiRef?: string | null;
  profileId: string;
  courseId: string;
  cohortId: string;
  coursePrice: number;
  paymentMethod: EnrollmentPaymentMethod;
  phoneNumber: string | null;
  status: EnrollmentStatus;
  paymentStatus: EnrollmentRow['paymentStatus'];
  paymentDeadline: string | null;
}

export async function insertEnrollment(tx: Executor, row: NewEnrollment, now: Date): Promise<EnrollmentRow> {
  const [inserted] = await tx
    .insert(enrollments)
    .values({ ...row, createdAt: now, updatedAt: now })
    .returning();
  return inserted!;
}

/** The cohort with its course's title and fee, for enrolling and for the messages about it. */
export async function findCohortWithCourse(db: Executor, cohortId: string) {
  const [row] = await db
    .select({
      cohortId: cohorts.id,
      courseId: cohorts.courseId,
      startDate: cohorts.startDate,
      endDate: cohorts.endDate,
      status: cohorts.status,
      capacity: cohorts.capacity,
      enrolledCount: cohorts.enrolledCount,
      location: cohorts.location,
      courseTitle: courses.title,
      price: courses.price,
      published: courses.published,
    })
    .from(cohorts)
    .innerJoin(courses, eq(courses.id, cohorts.courseId))
    .where(eq(cohorts.id, cohortId));
  return row;
}

export type CohortWithCourse = NonNullable<Awaited<ReturnType<typeof findCohortWithCourse>>>;

/** Who the student is and what they enrolled in, for the messages about an enrolment. */
export async function findEnrollmentSummary(db: Executor, id: string) {
  const [row] = await db
    .select({
      enrollment: enrollments,
      studentName: profiles.fullName,
      studentEmail: users.email,
      courseTitle: courses.title,
      cohortStartDate: cohorts.startDate,
    })
    .from(enrollments)
    .innerJoin(profiles, eq(profiles.id, enrollments.profileId))
    .innerJoin(users, eq(users.id, profiles.userId))
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .innerJoin(cohorts, eq(cohorts.id, enrollments.cohortId))
    .where(eq(enrollments.id, id));
  return row;
}

export type EnrollmentSummary = NonNullable<Awaited<ReturnType<typeof findEnrollmentSummary>>>;

/** Cash enrolments still unpaid whose last day to pay is before `today` (yyyy-MM-dd, Nairobi). */
export async function findOverdueCashEnrollmentIds(db: Executor, today: string): Promise<string[]> {
  const rows = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(eq(enrollments.status, 'pending_cash'), lt(enrollments.paymentDeadline, today)))
    .orderBy(enrollments.paymentDeadline);
  return rows.map((r) => r.id);
}

/** Online enrolments still awaiting their payment, created before `before`. */
export async function findLapsedOnlineEnrollmentIds(db: Executor, before: Date): Promise<string[]> {
  const rows = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(eq(enrollments.status, 'pending_payment'), lt(enrollments.createdAt, before)))
    .orderBy(enrollments.createdAt);
  return rows.map((r) => r.id);
}

/** The person's enrolment in this cohort that still holds a seat, if any. */
export async function findSeatHoldingEnrollment(db: Executor, profileId: string, cohortId: string): Promise<EnrollmentRow | undefined> {
  const [row] = await db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.profileId, profileId), eq(enrollments.cohortId, cohortId), notInArray(enrollments.status, ['cancelled', 'rejected'])));
  return row;
}

/** An enrolment with its course's title and its cohort's first day, for its owner's screens. */
export async function findEnrollmentView(db: Executor, id: string) {
  const [row] = await db
    .select({ enrollment: enrollments, courseTitle: courses.title, cohortStartDate: cohorts.startDate })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .innerJoin(cohorts, eq(cohorts.id, enrollments.cohortId))
    .where(eq(enrollments.id, id));
  return row;
}

export type EnrollmentView = NonNullable<Awaited<ReturnType<typeof findEnrollmentView>>>;

/** The enrolment's latest online payment attempt. */
export async function findLatestEnrollmentPayment(db: Executor, enrollmentId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.enrollmentId, enrollmentId)).orderBy(desc(payments.createdAt)).limit(1);
  return row;
}
