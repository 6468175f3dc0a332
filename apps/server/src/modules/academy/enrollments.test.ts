import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDaysToDate, nairobiDate } from '@ops/shared/domain/nairobi-time';
import { auditEvents } from '../../db/schema/audit.ts';
import { cohorts } from '../../db/schema/academy-courses.ts';
import { enrollments } from '../../db/schema/academy-enrollments.ts';
import { approveMpesa, submitSandbox } from '../../test/payment-helpers.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { wrongSeatFigures } from '../../test/seat-figures.ts';
import { releaseLapsedEnrollmentHolds, releaseOverdueCashEnrollments } from './enrollment-deadlines.service.ts';
import { markCashEnrollmentPaid, reviewEnrollment } from './enrollment-decisions.service.ts';
import { formatDay } from './enrollment-notices.ts';
import {
  ageEnrollment,
  bellOf,
  cohortCount,
  COURSE_PRICE,
  courseWithCohort,
  enrollmentPayment,
  enrollmentRow,
  enrollVia,
} from '../../test/enrollment-fixtures.ts';

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

describe('an online payment that does not complete within the hold', () => {
  async function lapsed(capacity = 1) {
    const { cohort } = await courseWithCohort(t, { capacity });
    const student = await t.signedIn('client');
    const { body } = await enrollVia(student.client, { cohortId: cohort.id, paymentMethod: 'intasend', phoneNumber: '0712345678' });
    await ageEnrollment(t, body.id, 29);
    expect(await releaseLapsedEnrollmentHolds(t.deps)).toEqual([]);
    await ageEnrollment(t, body.id, 31);
    expect(await releaseLapsedEnrollmentHolds(t.deps)).toEqual([body.id]);
    expect(await releaseLapsedEnrollmentHolds(t.deps)).toEqual([]);
    expect(await enrollmentRow(t, body.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
    expect(await cohortCount(t, cohort.id)).toBe(0);
    expect(await bellOf(t, student.profileId)).toEqual([expect.stringContaining('not completed within 30 minutes')]);
    return { cohort, student, enrollment: body };
  }

  it('releases its seat after 30 minutes; money arriving later takes a seat still free', async () => {
    const { cohort, student, enrollment } = await lapsed();
    expect((await approveMpesa(student.client, enrollment.payment?.checkoutUrl ?? null)).status).toBe(303);
    expect(await enrollmentRow(t, enrollment.id)).toMatchObject({ status: 'active', paymentStatus: 'paid' });
    expect(await enrollmentPayment(t, enrollment.id)).toMatchObject({ status: 'paid', refundedAmount: null });
    expect(await cohortCount(t, cohort.id)).toBe(1);
  });

  it('refunds late money in full when the cohort filled meanwhile, and tells the student', async () => {
    const { cohort, student, enrollment } = await lapsed();
    const rival = await t.signedIn('client');
    expect((await enrollVia(rival.client, { cohortId: cohort.id, paymentMethod: 'cash' })).res.status).toBe(201);

    expect((await approveMpesa(student.client, enrollment.payment?.checkoutUrl ?? null)).status).toBe(303);
    expect(await enrollmentRow(t, enrollment.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    const payment = await enrollmentPayment(t, enrollment.id);
    expect(payment.status === 'refund_pending' || payment.status === 'refunded').toBe(true);
    expect(payment.refundedAmount).toBe(COURSE_PRICE);
    expect(payment.refundRef).not.toBeNull();
    expect(await cohortCount(t, cohort.id)).toBe(1);
    expect((await bellOf(t, student.profileId)).at(-1)).toMatch(/^We received KES 45,000 for Close Protection Officer and are refunding all of it/);
    await t.runJobs('send-payment-refund-notice');
    expect(t.mailer.messages.find((m) => m.to === student.email)?.subject).toBe('Refund for Close Protection Officer');
  });
});

describe('the cash deadline job', () => {
  it('releases unpaid cash enrolments only once their deadline (a Nairobi day) is over, once, and tells the student', async () => {
    const { cohort } = await courseWithCohort(t, { startInDays: 30 });
    const student = await t.signedIn('client');
    const { body } = await enrollVia(student.client, { cohortId: cohort.id, paymentMethod: 'cash' });
    const deadline = addDaysToDate(cohort.startDate, -7);
    await t.jobs.take('send-enrollment-email');

    // 23:30 in Nairobi on the deadline day is 20:30 UTC: still the deadline day.
    const lastEvening = new Date(`${deadline}T23:30:00+03:00`);
    expect(nairobiDate(lastEvening)).toBe(deadline);
    expect(await releaseOverdueCashEnrollments({ ...t.deps, clock: () => lastEvening })).toEqual([]);
    expect(await enrollmentRow(t, body.id)).toMatchObject({ status: 'pending_cash' });

    const nextMorning = new Date(`${addDaysToDate(deadline, 1)}T00:10:00+03:00`);
    const clocked = { ...t.deps, clock: () => nextMorning };
    expect(await releaseOverdueCashEnrollments(clocked)).toEqual([body.id]);
    expect(await releaseOverdueCashEnrollments(clocked)).toEqual([]);
    expect(await enrollmentRow(t, body.id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'failed',
      notes: 'Cash payment not received by the deadline',
    });
    expect(await cohortCount(t, cohort.id)).toBe(0);
    expect((await bellOf(t, student.profileId)).at(-1)).toContain(`not paid at our office by ${formatDay(deadline)}`);
    await t.runJobs('send-enrollment-email');
    expect(t.mailer.messages.filter((m) => m.to === student.email).map((m) => m.subject)).toEqual(['Enrollment cancelled: Close Protection Officer']);
  });

  it('runs as the hourly job and leaves paid ones alone', async () => {
    const { cohort } = await courseWithCohort(t, { startInDays: 30 });
    const student = await t.signedIn('client');
    const admin = await t.signedIn('admin');
    const { body } = await enrollVia(student.client, { cohortId: cohort.id, paymentMethod: 'cash' });
    await markCashEnrollmentPaid(t.deps, { enrollmentId: body.id, receiptNumber: 'RCPT-001', actor: { profileId: admin.profileId, clientIp: null } });
    await t.jobs.enqueue('enrollment-cash-deadlines', {});
    await t.runJobs('enrollment-cash-deadlines');
    expect(await enrollmentRow(t, body.id)).toMatchObject({ status: 'active', paymentStatus: 'paid', transactionId: 'RCPT-001' });
  });
});

describe('the enrolment lifecycle for the console', () => {
  const actorOf = (profileId: string) => ({ profileId, clientIp: '127.0.0.1' });

  it('marks a cash enrolment paid with its receipt, audited with the amount, and refuses it twice', async () => {
    const { cohort } = await courseWithCohort(t);
    const student = await t.signedIn('client');
    const admin = await t.signedIn('admin');
    const { body } = await enrollVia(student.client, { cohortId: cohort.id, paymentMethod: 'cash' });
    const row = await markCashEnrollmentPaid(t.deps, { enrollmentId: body.id, receiptNumber: ' RCPT-77 ', actor: actorOf(admin.profileId) });
    expect(row).toMatchObject({ status: 'active', paymentStatus: 'paid', transactionId: 'RCPT-77' });
    const audit = await t.database.db.select().from(auditEvents).where(eq(auditEvents.recordId, body.id));
    expect(audit).toMatchObject([{ action: 'enrollment.cash_paid', after: { amount: COURSE_PRICE, receiptNumber: 'RCPT-77' } }]);
    expect((await bellOf(t, student.profileId)).at(-1)).toContain('receipt RCPT-77');
    await expect(markCashEnrollmentPaid(t.deps, { enrollmentId: body.id, receiptNumber: 'X', actor: actorOf(admin.profileId) })).rejects.toMatchObject({
      status: 409,
      message: 'Only a cash enrolment awaiting payment can be marked paid.',
    });
    expect(await cohortCount(t, cohort.id)).toBe(1);
  });

  it('approves or rejects an enrolment nobody decided on (pending, or cash awaiting review); rejection frees the seat', async () => {
    const { cohort } = await courseWithCohort(t);
    const student = await t.signedIn('client');
    const admin = await t.signedIn('admin');
    const { body } = await enrollVia(student.client, { cohortId: cohort.id, paymentMethod: 'cash' });
    // The specification's 'pending' (never made by enrolling today): made pending directly.
    await t.database.db.update(enrollments).set({ status: 'pending' }).where(eq(enrollments.id, body.id));
    await expect(reviewEnrollment(t.deps, { enrollmentId: body.id, decision: 'rejected', actor: actorOf(admin.profileId) })).rejects.toMatchObject({
      status: 400,
      fields: { reason: 'Please give a reason' },
    });
    const rejected = await reviewEnrollment(t.deps, {
      enrollmentId: body.id,
      decision: 'rejected',
      reason: 'Prerequisites not met',
      actor: actorOf(admin.profileId),
    });
    expect(rejected).toMatchObject({ status: 'rejected', notes: 'Rejected by admin: Prerequisites not met' });
    expect(await cohortCount(t, cohort.id)).toBe(0);
    const audit = await t.database.db.select().from(auditEvents).where(eq(auditEvents.recordId, body.id));
    expect(audit.map((a) => a.action)).toEqual(['enrollment.reject']);
    await expect(reviewEnrollment(t.deps, { enrollmentId: body.id, decision: 'approved', actor: actorOf(admin.profileId) })).rejects.toMatchObject({
      status: 409,
      message: 'Only pending enrolments can be approved or rejected.',
    });
    await expect(
      reviewEnrollment(t.deps, { enrollmentId: '00000000-0000-4000-8000-000000000000', decision: 'approved', actor: actorOf(admin.profileId) }),
    ).rejects.toMatchObject({
      status: 404,
    });
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
