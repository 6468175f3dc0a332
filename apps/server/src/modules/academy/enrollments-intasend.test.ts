import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema/payments.ts';
import { startFakeIntaSend, type FakeIntaSend } from '../../providers/payments/fake-intasend-server.ts';
import { CHALLENGE, intaSendAgainst } from '../../test/payment-helpers.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { sweepPaymentsInFlight } from '../payments/payment-sweep.service.ts';
import { releaseLapsedEnrollmentHolds } from './enrollment-deadlines.service.ts';
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
let fake: FakeIntaSend;
let t: TestContext;
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());
beforeEach(async () => {
  fake = await startFakeIntaSend();
  t = await createTestContext(factory, {
    payments: intaSendAgainst(fake, 1_000),
  });
});
afterEach(async () => {
  await t.close();
  await fake.close();
});

function webhook(invoiceId: string, state: string) {
  const invoice = fake.ledger.invoices.get(invoiceId);
  if (!invoice) throw new Error(`no invoice ${invoiceId}`);
  return t.client().post('/api/payments/webhooks/intasend', { ...fake.ledger.invoiceJson(invoice), state, challenge: CHALLENGE });
}

async function enrollByMpesa(options: Parameters<typeof courseWithCohort>[1] = {}) {
  const { cohort } = await courseWithCohort(t, options);
  const student = await t.signedIn('client');
  const { res, body } = await enrollVia(student.client, { cohortId: cohort.id, paymentMethod: 'intasend', phoneNumber: '0712 345 678' });
  return { cohort, student, res, body };
}

describe('enrolment fees by IntaSend M-Pesa', () => {
  it('sends an STK push for the course fee, asks the student to check their phone, and activates the enrolment on the webhook', async () => {
    fake.scriptNextInvoice({ states: ['COMPLETE'] });
    const { cohort, student, res, body } = await enrollByMpesa();
    expect(res.status).toBe(201);
    expect(body).toMatchObject({ status: 'pending_payment', paymentStatus: 'pending', next: { kind: 'check_phone' }, payment: { checkoutUrl: null } });
    expect(fake.requests[0]).toMatchObject({
      path: '/api/v1/payment/mpesa-stk-push/',
      body: { amount: COURSE_PRICE, phone_number: '254712345678', api_ref: `enrollment-${body.id}` },
    });
    const invoiceId = (await enrollmentPayment(t, body.id)).providerRef ?? '';

    expect((await webhook(invoiceId, 'COMPLETE')).status).toBe(200);
    expect(await enrollmentRow(t, body.id)).toMatchObject({ status: 'active', paymentStatus: 'paid', transactionId: invoiceId });
    expect(await enrollmentPayment(t, body.id)).toMatchObject({ status: 'paid' });
    expect(await cohortCount(t, cohort.id)).toBe(1);
    // The same delivery again changes nothing.
    expect((await webhook(invoiceId, 'COMPLETE')).status).toBe(200);
    expect(await bellOf(t, student.profileId)).toHaveLength(1);
    // The student's poll shows it.
    expect(await (await student.client.get(`/api/enrollments/${body.id}`)).json()).toMatchObject({ status: 'active', next: { kind: 'none' } });
  });

  it('a declined prompt releases the seat (seen by the re-check job, no webhook needed)', async () => {
    fake.scriptNextInvoice({ states: ['FAILED'], failedReason: 'Request cancelled by user' });
    const { cohort, student, body } = await enrollByMpesa();
    await t.runJobs('payment-recheck');
    expect(await enrollmentRow(t, body.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'failed', notes: 'Payment failed' });
    expect(await cohortCount(t, cohort.id)).toBe(0);
    expect(await bellOf(t, student.profileId)).toEqual([expect.stringContaining('failed: Request cancelled by user.')]);
  });

  it('the student’s poll settles the payment with the provider', async () => {
    fake.scriptNextInvoice({ states: ['COMPLETE'] });
    const { student, body } = await enrollByMpesa();
    const polled = (await (await student.client.get(`/api/enrollments/${body.id}`)).json()) as { status: string; paymentStatus: string };
    expect(polled).toMatchObject({ status: 'active', paymentStatus: 'paid' });
  });

  it('answers 502 with the provider’s message when it refuses the push, and releases the seat at once', async () => {
    fake.respondNext({ status: 400, body: { detail: 'Invalid phone number' } });
    const { cohort, student, res, body } = await enrollByMpesa();
    expect(res.status).toBe(502);
    expect(body.message).toBe('The payment service refused the request. Please check the details and try again.');
    const [payment] = await t.database.db.select().from(payments);
    expect(payment).toMatchObject({ status: 'failed' });
    expect(await enrollmentRow(t, payment!.enrollmentId ?? '')).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
    expect(await cohortCount(t, cohort.id)).toBe(0);
    // Free to try again.
    fake.scriptNextInvoice({ states: ['PENDING'] });
    expect((await enrollVia(student.client, { cohortId: cohort.id, paymentMethod: 'intasend', phoneNumber: '0712345678' })).res.status).toBe(201);
  });

  it('money for a released seat in a cohort that filled meanwhile is refunded in full through IntaSend (the sweep finds it)', async () => {
    fake.scriptNextInvoice({ states: ['COMPLETE'] });
    const { cohort, student, body } = await enrollByMpesa({ capacity: 1 });
    await ageEnrollment(t, body.id, 31);
    expect(await releaseLapsedEnrollmentHolds(t.deps)).toEqual([body.id]);
    const rival = await t.signedIn('client');
    expect((await enrollVia(rival.client, { cohortId: cohort.id, paymentMethod: 'cash' })).res.status).toBe(201);

    await t.database.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(payments.enrollmentId, body.id));
    expect(await sweepPaymentsInFlight(t.deps)).toEqual({ checked: 1, settled: 1 });
    const payment = await enrollmentPayment(t, body.id);
    expect(payment).toMatchObject({ refundedAmount: COURSE_PRICE });
    expect(['refund_pending', 'refunded']).toContain(payment.status);
    expect(fake.chargebackRequests()).toHaveLength(1);
    expect(fake.chargebackRequests()[0]?.body).toMatchObject({ invoice: payment.providerRef, amount: COURSE_PRICE });
    expect(await enrollmentRow(t, body.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(await cohortCount(t, cohort.id)).toBe(1);
    expect((await bellOf(t, student.profileId)).at(-1)).toMatch(/are refunding all of it/);
  });
});
