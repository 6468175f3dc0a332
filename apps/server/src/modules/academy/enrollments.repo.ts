/** SQL for enrolments and the seats they hold. Status columns are written only through enrollment-lifecycle.service.ts. */
import { and, desc, eq, inArray, lt, notInArray } from 'drizzle-orm';
import type { EnrollmentPaymentMethod, EnrollmentStatus } from '@ops/shared/constants';
import type { Executor } from '../../db/client.ts';
import { cohorts, courses } from '../../db/schema/academy-courses.ts';
import { enrollments } from '../../db/schema/academy-enrollments.ts';
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
 * The cohort's seats as they stand, its row locked (no key update) until the transaction ends:
 * whoever takes a seat takes this lock first, so the figure read here is the one the next write
 * recounts. enrolled_count itself is kept by the database (migration 0032); nobody writes it.
 */
export async function lockCohortSeats(tx: Executor, cohortId: string): Promise<{ capacity: number; enrolledCount: number } | undefined> {
  const [row] = await tx
    .select({ capacity: cohorts.capacity, enrolledCount: cohorts.enrolledCount })
    .from(cohorts)
    .where(eq(cohorts.id, cohortId))
    .for('no key update');
  return row;
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

/** Cash enrolments still unpaid (awaiting review or approved) whose last day to pay is before `today` (yyyy-MM-dd, Nairobi). */
export async function findOverdueCashEnrollmentIds(db: Executor, today: string): Promise<string[]> {
  const rows = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(eq(enrollments.paymentStatus, 'pending_cash'), lt(enrollments.paymentDeadline, today)))
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

/** The enrolment's paid payment (online or at the office), if any. */
export async function findPaidEnrollmentPayment(db: Executor, enrollmentId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.enrollmentId, enrollmentId), inArray(payments.status, ['paid'])))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row;
}
