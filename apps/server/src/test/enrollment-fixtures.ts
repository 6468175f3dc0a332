/** Test scenes for enrolling: a course with a cohort, people enrolling, and reading the rows back. */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { addDaysToDate, nairobiDate } from '@ops/shared/domain/nairobi-time';
import type { EnrollmentDto } from '@ops/shared/schemas/enrollments';
import { cohorts, courses } from '../db/schema/academy-courses.ts';
import { enrollments } from '../db/schema/academy-enrollments.ts';
import { auditEvents } from '../db/schema/audit.ts';
import { notifications } from '../db/schema/notifications.ts';
import { payments } from '../db/schema/payments.ts';
import { approveMpesa } from './payment-helpers.ts';
import { wrongSeatFigures } from './seat-figures.ts';
import type { TestContext } from './test-app.ts';
import type { TestClient } from './test-client.ts';

export const COURSE_PRICE = 45_000;

let n = 0;

/**
 * A published course and one cohort of it starting `startInDays` Nairobi days from now; `taken`
 * seats are held by other people's paid enrolments (the database counts them).
 */
export async function courseWithCohort(
  t: TestContext,
  options: {
    capacity?: number;
    taken?: number;
    startInDays?: number;
    status?: 'upcoming' | 'open' | 'ongoing' | 'completed';
    price?: number;
  } = {},
) {
  n += 1;
  const courseId = `cpo-test-${n}-${Date.now()}`;
  await t.database.db.insert(courses).values({
    id: courseId,
    title: 'Close Protection Officer',
    tagline: 'Protect people',
    description: 'A course.',
    durationWeeks: 4,
    price: options.price ?? COURSE_PRICE,
    level: 'Advanced',
    accreditation: 'PSRA',
    category: 'Protection',
    maxStudents: 20,
  });
  const startDate = addDaysToDate(nairobiDate(new Date()), options.startInDays ?? 30);
  const [cohort] = await t.database.db
    .insert(cohorts)
    .values({
      courseId,
      startDate,
      endDate: addDaysToDate(startDate, 28),
      capacity: options.capacity ?? 20,
      status: options.status ?? 'open',
    })
    .returning();
  for (let i = 0; i < (options.taken ?? 0); i++) {
    const other = await t.signedInDirectly('client');
    await t.database.db.insert(enrollments).values({
      profileId: other.profileId,
      courseId,
      cohortId: cohort!.id,
      coursePrice: options.price ?? COURSE_PRICE,
      paymentMethod: 'cash',
      status: 'active',
      paymentStatus: 'paid',
    });
  }
  const [counted] = await t.database.db.select().from(cohorts).where(eq(cohorts.id, cohort!.id));
  return { courseId, cohort: counted! };
}

export type EnrollAnswer = EnrollmentDto & { code?: string; message?: string; fields?: Record<string, string> };

export async function enrollVia(client: TestClient, body: Record<string, unknown>) {
  const res = await client.post('/api/enrollments', body);
  return { res, body: (await res.json()) as EnrollAnswer };
}

export async function enrollmentRow(t: TestContext, id: string) {
  const [row] = await t.database.db.select().from(enrollments).where(eq(enrollments.id, id));
  if (!row) throw new Error(`no enrolment ${id}`);
  return row;
}

export async function cohortCount(t: TestContext, cohortId: string) {
  const [row] = await t.database.db
    .select({ enrolledCount: cohorts.enrolledCount, capacity: cohorts.capacity })
    .from(cohorts)
    .where(eq(cohorts.id, cohortId));
  return row!.enrolledCount;
}

export async function enrollmentPayment(t: TestContext, enrollmentId: string) {
  const [row] = await t.database.db.select().from(payments).where(eq(payments.enrollmentId, enrollmentId));
  if (!row) throw new Error(`no payment for enrolment ${enrollmentId}`);
  return row;
}

export const bellOf = async (t: TestContext, profileId: string) =>
  (await t.database.db.select().from(notifications).where(eq(notifications.profileId, profileId))).map((r) => r.message);

/** Makes an online enrolment older than its hold. */
export async function ageEnrollment(t: TestContext, id: string, minutes: number) {
  await t.database.db
    .update(enrollments)
    .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(enrollments.id, id));
}

/** Everything a refused console move must leave as it was. */
export async function enrollmentSnapshot(t: TestContext, enrollmentId: string) {
  const db = t.database.db;
  return {
    enrollment: await enrollmentRow(t, enrollmentId),
    payments: await db.select().from(payments).where(eq(payments.enrollmentId, enrollmentId)),
    audit: (await db.select().from(auditEvents)).filter((a) => a.action !== 'enrollment.list').length,
    notices: (await db.select().from(notifications)).length,
    figures: await wrongSeatFigures(db),
  };
}

/** A student's cash enrolment, nobody having decided on it yet (its e-mail already taken). */
export async function cashEnrollment(t: TestContext, name = 'Wanjiku Kamau') {
  const { cohort } = await courseWithCohort(t);
  const student = await t.signedIn('client', { fullName: name });
  const { body } = await enrollVia(student.client, { cohortId: cohort.id, paymentMethod: 'cash' });
  await t.jobs.take('send-enrollment-email');
  return { cohort, student, id: body.id };
}

/** A student's enrolment paid online through the sandbox's M-Pesa prompt, with its payment. */
export async function onlinePaidEnrollment(t: TestContext) {
  const { cohort } = await courseWithCohort(t);
  const student = await t.signedIn('client', { fullName: 'Otieno Omondi' });
  const { body } = await enrollVia(student.client, { cohortId: cohort.id, paymentMethod: 'intasend', phoneNumber: '0712345678' });
  expect((await approveMpesa(student.client, body.payment?.checkoutUrl ?? null)).status).toBe(303);
  expect(await enrollmentRow(t, body.id)).toMatchObject({ status: 'active', paymentStatus: 'paid' });
  await t.jobs.take('send-enrollment-email');
  const [payment] = await t.database.db.select().from(payments).where(eq(payments.enrollmentId, body.id));
  return { cohort, student, id: body.id, payment: payment! };
}
