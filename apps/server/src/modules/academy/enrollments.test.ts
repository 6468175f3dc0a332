/** Enrolling in a cohort: by cash, through the sandbox checkout, and for the last seats when many ask at once. */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDaysToDate } from '@ops/shared/domain/nairobi-time';
import { cohorts } from '../../db/schema/academy-courses.ts';
import { approveMpesa, submitSandbox } from '../../test/payment-helpers.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { wrongSeatFigures } from '../../test/seat-figures.ts';
import { releaseOverdueCashEnrollments } from './enrollment-deadlines.service.ts';
import { formatDay } from './enrollment-notices.ts';
import { bellOf, cohortCount, COURSE_PRICE, courseWithCohort, enrollmentPayment, enrollmentRow, enrollVia } from '../../test/enrollment-fixtures.ts';

let factory: TestDatabaseFactory;
let t: TestContext;
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());
beforeEach(async () => {
  t = await createTestContext(factory);
});
afterEach(() => t.close());

describe('POST /api/enrollments with cash', () => {
  it('holds a seat until 7 days before the start, tells the student on the bell and by e-mail with the deadline and the office', async () => {
    const { cohort } = await courseWithCohort(t, { startInDays: 30 });
    const student = await t.signedIn('client', { fullName: 'Brian Otieno' });
    const { res, body } = await enrollVia(student.client, { cohortId: cohort.id, paymentMethod: 'cash' });
    expect(res.status).toBe(201);
    const deadline = addDaysToDate(cohort.startDate, -7);
    expect(body).toMatchObject({
      status: 'pending_cash',
      paymentStatus: 'pending_cash',
      paymentMethod: 'cash',
      paymentDeadline: deadline,
      coursePrice: COURSE_PRICE,
      courseTitle: 'Close Protection Officer',
      cohortStartDate: cohort.startDate,
      payment: null,
      next: { kind: 'none' },
    });
    expect(await cohortCount(t, cohort.id)).toBe(1);
    expect(await bellOf(t, student.profileId)).toEqual([expect.stringContaining(`by ${formatDay(deadline)}`)]);

    await t.runJobs('send-enrollment-email');
    const mail = t.mailer.messages.find((m) => m.to === student.email);
    expect(mail?.subject).toBe('Enrollment confirmation: Close Protection Officer');
    expect(mail?.text).toContain(formatDay(deadline));
    expect(mail?.text).toContain('Visit our office in Nairobi, Kenya');
    expect(mail?.text).toContain('KES 45,000');
  });

  it('answers 409 to a second enrolment in the same cohort, and lets the person enrol again once the seat was released', async () => {
    const { cohort } = await courseWithCohort(t, { startInDays: 30 });
    const student = await t.signedIn('client');
    expect((await enrollVia(student.client, { cohortId: cohort.id, paymentMethod: 'cash' })).res.status).toBe(201);
    const again = await enrollVia(student.client, { cohortId: cohort.id, paymentMethod: 'cash' });
    expect(again.res.status).toBe(409);
    expect(again.body.message).toBe('You are already enrolled in this cohort.');
    expect(await cohortCount(t, cohort.id)).toBe(1);

    // The deadline passes unpaid: the seat goes back, and the person may enrol again.
    const afterDeadline = new Date(`${addDaysToDate(cohort.startDate, -6)}T06:00:00+03:00`);
    expect(await releaseOverdueCashEnrollments({ ...t.deps, clock: () => afterDeadline })).toHaveLength(1);
    expect(await cohortCount(t, cohort.id)).toBe(0);
    const third = await enrollVia(student.client, { cohortId: cohort.id, paymentMethod: 'cash' });
    expect(third.res.status).toBe(201);
    expect(await cohortCount(t, cohort.id)).toBe(1);
  });

  it('refuses cash for a cohort starting within 7 days, and any enrolment in one started, ongoing or unknown', async () => {
    const student = await t.signedIn('client');
    const soon = await courseWithCohort(t, { startInDays: 5 });
    const cash = await enrollVia(student.client, { cohortId: soon.cohort.id, paymentMethod: 'cash' });
    expect(cash.res.status).toBe(409);
    expect(cash.body.message).toMatch(/Cash payment is no longer possible/);

    const today = await courseWithCohort(t, { startInDays: 0 });
    expect((await enrollVia(student.client, { cohortId: today.cohort.id, paymentMethod: 'cash' })).body.message).toBe(
      'This cohort is no longer open for enrollment.',
    );
    const ongoing = await courseWithCohort(t, { startInDays: 20, status: 'ongoing' });
    expect((await enrollVia(student.client, { cohortId: ongoing.cohort.id, paymentMethod: 'cash' })).res.status).toBe(409);
    const unknown = await enrollVia(student.client, { cohortId: '00000000-0000-4000-8000-000000000000', paymentMethod: 'cash' });
    expect(unknown.res.status).toBe(404);
    expect(await cohortCount(t, soon.cohort.id)).toBe(0);
  });

  it('answers 409 "This cohort is full." when no seat is left', async () => {
    const { cohort } = await courseWithCohort(t, { capacity: 2, taken: 2 });
    const student = await t.signedIn('client');
    const full = await enrollVia(student.client, { cohortId: cohort.id, paymentMethod: 'cash' });
    expect(full.res.status).toBe(409);
    expect(full.body.message).toBe('This cohort is full.');
    expect(await cohortCount(t, cohort.id)).toBe(2);
  });

  it('needs a signed-in person', async () => {
    const { cohort } = await courseWithCohort(t);
    expect((await enrollVia(t.client(), { cohortId: cohort.id, paymentMethod: 'cash' })).res.status).toBe(401);
  });
});

describe('POST /api/enrollments with IntaSend (the sandbox checkout)', () => {
  it('asks for the phone number, and accepts every Kenyan form of it', async () => {
    const { cohort } = await courseWithCohort(t);
    const student = await t.signedIn('client');
    const missing = await enrollVia(student.client, { cohortId: cohort.id, paymentMethod: 'intasend' });
    expect(missing.res.status).toBe(400);
    expect(missing.body.fields).toEqual({ phoneNumber: 'Please enter your phone number for payment' });
    expect((await enrollVia(student.client, { cohortId: cohort.id, paymentMethod: 'intasend', phoneNumber: '12345' })).res.status).toBe(400);
    expect(await cohortCount(t, cohort.id)).toBe(0);

    for (const [phone, stored] of [
      ['0712 345 678', '254712345678'],
      ['0110123456', '254110123456'],
      ['+254 712 345 678', '254712345678'],
      ['254712345679', '254712345679'],
    ] as const) {
      const person = await t.signedIn('client');
      const { res, body } = await enrollVia(person.client, { cohortId: cohort.id, paymentMethod: 'intasend', phoneNumber: phone });
      expect(res.status).toBe(201);
      expect((await enrollmentRow(t, body.id)).phoneNumber).toBe(stored);
      expect((await enrollmentPayment(t, body.id)).phone).toBe(stored);
    }
    expect(await cohortCount(t, cohort.id)).toBe(4);
  });

  it('charges the course fee from the database, sends the student to the checkout, and makes the enrolment active and paid when approved', async () => {
    const { cohort } = await courseWithCohort(t);
    const student = await t.signedIn('client');
    const { res, body } = await enrollVia(student.client, {
      cohortId: cohort.id,
      paymentMethod: 'intasend',
      phoneNumber: '0712345678',
      coursePrice: 1,
      amount: 1,
    });
    expect(res.status).toBe(201);
    expect(body).toMatchObject({ status: 'pending_payment', paymentStatus: 'pending', payment: { status: 'pending', amount: COURSE_PRICE } });
    expect(body.next).toEqual({ kind: 'checkout', url: body.payment?.checkoutUrl });
    expect(await cohortCount(t, cohort.id)).toBe(1);

    expect((await approveMpesa(student.client, body.payment?.checkoutUrl ?? null)).status).toBe(303);
    const payment = await enrollmentPayment(t, body.id);
    expect(payment).toMatchObject({ status: 'paid', amount: COURSE_PRICE });
    expect(await enrollmentRow(t, body.id)).toMatchObject({ status: 'active', paymentStatus: 'paid', transactionId: payment.providerRef });

    const seen = await student.client.get(`/api/enrollments/${body.id}`);
    expect(seen.status).toBe(200);
    expect(await seen.json()).toMatchObject({ status: 'active', paymentStatus: 'paid', next: { kind: 'none' } });
    expect(await bellOf(t, student.profileId)).toEqual([expect.stringContaining('Payment of KES 45,000 received')]);
    await t.runJobs('send-enrollment-email');
    expect(t.mailer.messages.find((m) => m.to === student.email)?.subject).toBe('Payment received: Close Protection Officer');
    expect(await cohortCount(t, cohort.id)).toBe(1);
  });

  it('releases the seat when the payment is declined', async () => {
    const { cohort } = await courseWithCohort(t);
    const student = await t.signedIn('client');
    const { body } = await enrollVia(student.client, { cohortId: cohort.id, paymentMethod: 'intasend', phoneNumber: '0712345678' });
    await submitSandbox(student.client, body.payment?.checkoutUrl ?? null, { action: 'decline', phone: '0712345678' });
    expect(await enrollmentRow(t, body.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
    expect(await enrollmentPayment(t, body.id)).toMatchObject({ status: 'failed' });
    expect(await cohortCount(t, cohort.id)).toBe(0);
    expect((await bellOf(t, student.profileId))[0]).toMatch(/^Payment for Close Protection Officer failed/);
    // The seat is free again and the person may try again.
    expect((await enrollVia(student.client, { cohortId: cohort.id, paymentMethod: 'cash' })).res.status).toBe(201);
  });

  it('shows an enrolment only to its owner', async () => {
    const { cohort } = await courseWithCohort(t);
    const student = await t.signedIn('client');
    const { body } = await enrollVia(student.client, { cohortId: cohort.id, paymentMethod: 'cash' });
    const other = await t.signedIn('guard');
    expect((await other.client.get(`/api/enrollments/${body.id}`)).status).toBe(404);
    expect((await student.client.get('/api/enrollments/not-a-uuid')).status).toBe(404);
    expect((await student.client.get(`/api/enrollments/${body.id}`)).status).toBe(200);
  });
});

describe('capacity under pressure', () => {
  it('gives the last 3 seats to exactly 3 of 50 people asking at once', async () => {
    const { cohort } = await courseWithCohort(t, { capacity: 20, taken: 17 });
    const people = await Promise.all(Array.from({ length: 50 }, () => t.signedInDirectly('client')));
    const started = performance.now();
    const answers = await Promise.all(people.map((p) => enrollVia(p.client, { cohortId: cohort.id, paymentMethod: 'cash' })));
    const ms = Math.round(performance.now() - started);
    console.info(`50 concurrent enrolments for 3 seats on ${t.deps.dbKind}: ${ms} ms`);
    expect(answers.filter((a) => a.res.status === 201)).toHaveLength(3);
    const refused = answers.filter((a) => a.res.status === 409);
    expect(refused).toHaveLength(47);
    expect(new Set(refused.map((a) => a.body.message))).toEqual(new Set(['This cohort is full.']));
    const [row] = await t.database.db.select().from(cohorts).where(eq(cohorts.id, cohort.id));
    expect(row).toMatchObject({ enrolledCount: 20, capacity: 20 });
    // The figure shown is the count of the enrolments holding a seat, in this cohort and every other.
    expect(await wrongSeatFigures(t.database.db)).toEqual([]);
  });
});
