/** An enrolment's deadlines: an online payment's 30-minute hold, and the cash fee's last day before the start. */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDaysToDate, nairobiDate } from '@ops/shared/domain/nairobi-time';
import { approveMpesa } from '../../test/payment-helpers.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { releaseLapsedEnrollmentHolds, releaseOverdueCashEnrollments } from './enrollment-deadlines.service.ts';
import { markCashEnrollmentPaid } from './enrollment-decisions.service.ts';
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
