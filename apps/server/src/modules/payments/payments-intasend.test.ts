import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema/payments.ts';
import { startFakeIntaSend, type FakeIntaSend } from '../../providers/payments/fake-intasend-server.ts';
import { CHALLENGE, intaSendAgainst, bookingRow, notificationsOf, pay, paymentEventRows, paymentRow, payingScene } from '../../test/payment-helpers.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';

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

/** What IntaSend posts to our webhook when an invoice moves to `state` (the body may also lie). */
function webhook(invoiceId: string, state: string, overrides: Record<string, unknown> = {}) {
  const invoice = fake.ledger.invoices.get(invoiceId);
  if (!invoice) throw new Error(`no invoice ${invoiceId}`);
  return t.client().post('/api/payments/webhooks/intasend', { ...fake.ledger.invoiceJson(invoice), state, challenge: CHALLENGE, ...overrides });
}

async function startMpesa() {
  const scene = await payingScene(t);
  const { res, body } = await pay(scene.client.client, scene.booking.id);
  expect(res.status).toBe(201);
  const invoiceId = (await paymentRow(t, body.id)).providerRef ?? '';
  return { ...scene, payment: body, invoiceId };
}

describe('IntaSend M-Pesa and webhooks', () => {
  it('sends an STK push for the booking’s price and confirms when the provider (asked again) says COMPLETE', async () => {
    fake.scriptNextInvoice({ states: ['COMPLETE'] });
    const { booking, payment, invoiceId, guard } = await startMpesa();
    expect(payment.checkoutUrl).toBeNull();
    expect(fake.requests[0]).toMatchObject({
      path: '/api/v1/payment/mpesa-stk-push/',
      body: { amount: 9600, phone_number: '254712345678', api_ref: `booking-${booking.reference}-1` },
    });

    expect((await webhook(invoiceId, 'COMPLETE')).status).toBe(200);
    expect(fake.requests.at(-1)).toMatchObject({ path: '/api/v1/payment/status/', body: { invoice_id: invoiceId } });
    expect(await paymentRow(t, payment.id)).toMatchObject({ status: 'paid', providerRef: invoiceId });
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(await notificationsOf(t, guard.profileId)).toHaveLength(1);
    const [event] = await paymentEventRows(t);
    expect(event).toMatchObject({ provider: 'intasend', eventKey: `${invoiceId}:COMPLETE`, paymentId: payment.id });
    expect(event?.payload).not.toHaveProperty('challenge');
  });

  it('refuses a forged webhook (wrong challenge) and changes nothing', async () => {
    fake.scriptNextInvoice({ states: ['COMPLETE'] });
    const { booking, payment, invoiceId } = await startMpesa();
    const before = fake.requests.length;
    expect((await webhook(invoiceId, 'COMPLETE', { challenge: 'not-the-challenge-we-set' })).status).toBe(401);
    expect((await webhook(invoiceId, 'COMPLETE', { challenge: undefined })).status).toBe(401);
    expect(fake.requests).toHaveLength(before);
    expect(await paymentEventRows(t)).toHaveLength(0);
    expect(await paymentRow(t, payment.id)).toMatchObject({ status: 'pending' });
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'pending', paymentStatus: 'pending' });
  });

  it('acts on a webhook once: the same delivery again changes nothing', async () => {
    fake.scriptNextInvoice({ states: ['COMPLETE'] });
    const { guard, payment, invoiceId } = await startMpesa();
    expect((await webhook(invoiceId, 'COMPLETE')).status).toBe(200);
    const after = { requests: fake.requests.length, jobs: (await t.jobs.pending()).length, row: await paymentRow(t, payment.id) };
    expect((await webhook(invoiceId, 'COMPLETE')).status).toBe(200);
    expect(fake.requests).toHaveLength(after.requests);
    expect(await t.jobs.pending()).toHaveLength(after.jobs);
    expect(await paymentRow(t, payment.id)).toEqual(after.row);
    expect(await paymentEventRows(t)).toHaveLength(1);
    expect(await notificationsOf(t, guard.profileId)).toHaveLength(1);
  });

  it('takes no other invoice carrying our reference for an STK push whose invoice we recorded', async () => {
    fake.scriptNextInvoice({ states: ['PENDING'] });
    const { booking, payment, invoiceId } = await startMpesa();
    const other = fake.ledger.createInvoice({
      apiRef: (await paymentRow(t, payment.id)).apiRef,
      amount: 9600,
      provider: 'M-PESA',
      account: '254700000000',
    });
    other.script = { states: ['COMPLETE'] };
    expect((await webhook(other.invoiceId, 'COMPLETE')).status).toBe(200);
    expect(await paymentRow(t, payment.id)).toMatchObject({ status: 'pending', providerRef: invoiceId, paidAt: null });
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'pending', paymentStatus: 'pending' });
  });

  it('does not mark paid when the webhook body says COMPLETE but the provider still says PENDING', async () => {
    fake.scriptNextInvoice({ states: ['PENDING'] });
    const { booking, payment, invoiceId } = await startMpesa();
    expect((await webhook(invoiceId, 'COMPLETE', { value: '9600.00' })).status).toBe(200);
    expect(await paymentRow(t, payment.id)).toMatchObject({ status: 'pending', paidAt: null });
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'pending', paymentStatus: 'pending' });
    // Not taken as handled: when the provider does confirm, the next delivery settles it.
    expect(await paymentEventRows(t)).toHaveLength(0);
    fake.ledger.invoices.get(invoiceId)!.script = { states: ['COMPLETE'] };
    expect((await webhook(invoiceId, 'COMPLETE')).status).toBe(200);
    expect(await paymentRow(t, payment.id)).toMatchObject({ status: 'paid' });
  });

  it('refunds all of the money when the provider reports another amount, and tells the client; the booking stays payable', async () => {
    fake.scriptNextInvoice({ states: ['COMPLETE'], value: '1000.00' });
    const { client, booking, payment, admins, invoiceId } = await startMpesa();
    const dto = (await (await client.client.get(`/api/payments/${payment.id}`)).json()) as Record<string, unknown>;
    expect(dto).toMatchObject({ status: 'refund_pending', refundedAmount: 1000, bookingStatus: 'pending', bookingPaymentStatus: 'failed' });
    expect(dto.failureReason).toContain('We received KES 1,000 for a payment of KES 9,600, so all of it is refunded.');
    expect(await paymentRow(t, payment.id)).toMatchObject({ receivedAmount: 1000, refundedAmount: 1000, refundRef: 'CB1', paidAt: expect.any(Date) });
    // Through the provider, all of what arrived.
    expect(fake.requests.filter((r) => r.path === '/api/v1/chargebacks/')).toMatchObject([{ body: { invoice: invoiceId, amount: 1000 } }]);
    expect(t.logLines.some((l) => l.level === 50 && l.msg === 'provider confirmed a different amount; booking not confirmed, refunding it in full')).toBe(
      true,
    );
    expect(await notificationsOf(t, admins[0]!.profileId)).toMatchObject([{ type: 'payment' }]);
    // Told once, about the refund (besides the notice that the booking was received), never of a failure.
    expect(await notificationsOf(t, client.profileId)).toMatchObject([
      { type: 'booking', message: expect.stringContaining('received') },
      { type: 'payment', message: expect.stringContaining('all of it is refunded') },
    ]);
    expect(await t.jobs.pending('send-booking-confirmation')).toHaveLength(0);
    await t.runJobs('send-payment-refund-notice');
    expect(t.mailer.messages.find((m) => m.to === client.email)).toMatchObject({ subject: `Refund for booking ${booking.reference}` });
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'pending', paymentStatus: 'failed', commissionAmount: null, confirmedAt: null });
    // The client can pay again, with the right amount this time.
    fake.scriptNextInvoice({ states: ['COMPLETE'] });
    const again = await pay(client.client, booking.id);
    expect(again.res.status).toBe(201);
  });

  it('still takes the money when an attempt it had closed as failed turns out paid', async () => {
    fake.scriptNextInvoice({ states: ['FAILED', 'COMPLETE'], failedReason: 'Request cancelled by user' });
    const { client, booking, payment, invoiceId } = await startMpesa();
    expect(((await (await client.client.get(`/api/payments/${payment.id}`)).json()) as { status: string }).status).toBe('failed');
    expect(await bookingRow(t, booking.id)).toMatchObject({ paymentStatus: 'failed' });
    expect((await webhook(invoiceId, 'COMPLETE')).status).toBe(200);
    expect(await paymentRow(t, payment.id)).toMatchObject({ status: 'paid', failureReason: null });
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
  });

  it('re-checks a pending payment from a job, with back-off, until the provider settles it', async () => {
    fake.scriptNextInvoice({ states: ['PENDING', 'PROCESSING', 'COMPLETE'] });
    const { booking, payment } = await startMpesa();
    expect(await t.runJobs('payment-recheck')).toEqual([{ paymentId: payment.id, attempt: 0 }]);
    expect(await paymentRow(t, payment.id)).toMatchObject({ status: 'pending' });
    expect(await t.runJobs('payment-recheck')).toEqual([{ paymentId: payment.id, attempt: 1 }]);
    expect(await paymentRow(t, payment.id)).toMatchObject({ status: 'processing' });
    const [next] = await t.jobs.pending('payment-recheck');
    expect(next?.startAfter?.getTime()).toBeGreaterThan(Date.now() + 50_000);
    await t.runJobs('payment-recheck');
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(await t.jobs.pending('payment-recheck')).toHaveLength(0);
  });
});

describe('IntaSend failures when starting', () => {
  it('keeps a start that timed out pending, queues a re-check, and answers a second press with that attempt (no second prompt)', async () => {
    const { client, booking } = await payingScene(t);
    fake.respondNext({ status: 200, body: { invoice: {} }, delayMs: 2_000 });
    const { res, body } = await pay(client.client, booking.id);
    expect(res.status).toBe(502);
    expect(body).toMatchObject({ code: 'PAYMENT_PROVIDER_ERROR', message: expect.stringMatching(/did not answer in time/) });
    const [row] = await t.database.db.select().from(payments);
    expect(row).toMatchObject({ status: 'pending', providerRef: null, failureReason: null });
    expect(await t.jobs.pending()).toContainEqual({
      id: expect.any(String),
      name: 'payment-recheck',
      data: { paymentId: row?.id, attempt: 0 },
      startAfter: expect.any(Date),
    });
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'pending', paymentStatus: 'pending' });

    const stkPushes = fake.requests.filter((r) => r.path === '/api/v1/payment/mpesa-stk-push/').length;
    const again = await pay(client.client, booking.id);
    expect(again.res.status).toBe(200);
    expect(again.body).toMatchObject({ id: row?.id, status: 'pending' });
    // Asking for card now changes nothing either: the prompt may still be ringing.
    expect((await pay(client.client, booking.id, { method: 'card' })).body).toMatchObject({ id: row?.id });
    expect(fake.requests.filter((r) => ['/api/v1/payment/mpesa-stk-push/', '/api/v1/checkout/'].includes(r.path))).toHaveLength(stkPushes);
    expect(await t.database.db.select().from(payments)).toHaveLength(1);
  });

  it('answers 502 with the provider’s safe message when it refuses, and marks the attempt failed', async () => {
    const { client, booking } = await payingScene(t);
    fake.respondNext({ status: 400, body: { detail: 'Invalid phone number' } });
    const { res, body } = await pay(client.client, booking.id);
    expect(res.status).toBe(502);
    expect(body).toMatchObject({
      code: 'PAYMENT_PROVIDER_ERROR',
      message: 'The payment service refused the request. Please check the details and try again.',
    });
    const [row] = await t.database.db.select().from(payments);
    expect(row).toMatchObject({ status: 'failed', failureReason: body.message, providerPayload: { error: { kind: 'rejected', status: 400 } } });
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'pending', paymentStatus: 'failed' });
    expect((await pay(client.client, booking.id)).res.status).toBe(201);
  });
});

describe('IntaSend card checkout', () => {
  async function startCard() {
    const scene = await payingScene(t);
    const { body } = await pay(scene.client.client, scene.booking.id, { method: 'card' });
    return { ...scene, payment: body, stored: await paymentRow(t, body.id) };
  }
  const statusOf = async (client: TestClient, path: string) => ((await (await client.get(path)).json()) as { status: string }).status;

  it('sends the client to the hosted page, and settles from the invoice named by the return URL’s tracking id', async () => {
    const { client, booking, payment, stored } = await startCard();
    expect(payment.checkoutUrl).toMatch(/\/checkout\/[0-9a-f-]+\/express\/$/);
    expect(stored).toMatchObject({ providerRef: null, checkoutId: expect.any(String), checkoutSignature: expect.any(String) });
    expect(fake.requests[0]?.body).toMatchObject({
      redirect_url: `http://localhost:3000/booking-success?payment=${payment.id}`,
      amount: 9600,
      method: 'CARD-PAYMENT',
    });

    expect(await statusOf(client.client, `/api/payments/${payment.id}`)).toBe('pending');
    expect(fake.requests.at(-1)).toMatchObject({ path: '/api/v1/checkout/details/' });
    const invoiceId = fake.payCheckout(stored.checkoutId ?? '', { states: ['COMPLETE'] });
    expect(await statusOf(client.client, `/api/payments/${payment.id}?trackingId=${invoiceId}`)).toBe('paid');
    expect(await paymentRow(t, payment.id)).toMatchObject({ providerRef: invoiceId });
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
  });

  it('ignores a tracking id naming another payment’s invoice', async () => {
    const first = await startCard();
    const other = await startCard();
    const otherInvoice = fake.payCheckout(other.stored.checkoutId ?? '', { states: ['COMPLETE'] });
    expect(await statusOf(first.client.client, `/api/payments/${first.payment.id}?trackingId=${otherInvoice}`)).toBe('pending');
    expect(await paymentRow(t, first.payment.id)).toMatchObject({ providerRef: null, status: 'pending' });
  });

  it('takes no other invoice carrying our reference for the checkout we started: not by tracking id, not by webhook', async () => {
    const { client, booking, payment, stored } = await startCard();
    // Someone else's checkout made out with our reference, and paid.
    const forged = fake.ledger.createCheckout(fake.baseUrl, { amount: stored.amount, currency: 'KES', apiRef: stored.apiRef, email: 'x@example.com' });
    const forgedInvoice = fake.payCheckout(forged.id, { states: ['COMPLETE'] });
    expect(await statusOf(client.client, `/api/payments/${payment.id}?trackingId=${forgedInvoice}`)).toBe('pending');
    expect((await webhook(forgedInvoice, 'COMPLETE')).status).toBe(200);
    expect(await paymentRow(t, payment.id)).toMatchObject({ status: 'pending', providerRef: null });
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'pending', paymentStatus: 'pending' });
    // Our own checkout, once paid, settles it, from the invoice it names.
    const ours = fake.payCheckout(stored.checkoutId ?? '', { states: ['COMPLETE'] });
    expect(await statusOf(client.client, `/api/payments/${payment.id}`)).toBe('paid');
    expect(await paymentRow(t, payment.id)).toMatchObject({ providerRef: ours });
  });

  it('finds the payment of a webhook by our reference before the invoice id is known', async () => {
    const { booking, payment, stored } = await startCard();
    const invoiceId = fake.payCheckout(stored.checkoutId ?? '', { states: ['COMPLETE'] });
    expect((await webhook(invoiceId, 'COMPLETE')).status).toBe(200);
    expect(await paymentRow(t, payment.id)).toMatchObject({ status: 'paid', providerRef: invoiceId });
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'confirmed' });
  });
});
