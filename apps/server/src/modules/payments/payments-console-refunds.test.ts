import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminPaymentPage, AdminRefundResult } from '@ops/shared/schemas/admin-payments';
import { auditEvents } from '../../db/schema/audit.ts';
import { payments } from '../../db/schema/payments.ts';
import { startFakeIntaSend, type FakeIntaSend } from '../../providers/payments/fake-intasend-server.ts';
import { CHALLENGE, intaSendAgainst, bookingRow, notificationsOf, pay, paymentRow, payingScene } from '../../test/payment-helpers.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';

/** The provider's answers are awaited this long; a slower chargeback is a request whose answer was lost. */
const PROVIDER_TIMEOUT_MS = 1_000;

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
    payments: intaSendAgainst(fake, PROVIDER_TIMEOUT_MS),
  });
});
afterEach(async () => {
  await t.close();
  await fake.close();
});

/** A client's booking of KES 9,600 paid by M-Pesa through IntaSend, and an admin to refund it. */
async function paidBooking() {
  fake.scriptNextInvoice({ states: ['COMPLETE'] });
  const scene = await payingScene(t);
  const { body } = await pay(scene.client.client, scene.booking.id);
  await scene.client.client.get(`/api/payments/${body.id}`);
  expect(await paymentRow(t, body.id)).toMatchObject({ status: 'paid' });
  const admin = await t.signedInDirectly('admin');
  return { ...scene, admin, paymentId: body.id };
}

const refund = (admin: TestClient, paymentId: string) => admin.post(`/api/admin/payments/${paymentId}/refund`, {});

async function listedRow(admin: TestClient, reference: string) {
  const page = (await (await admin.get(`/api/admin/payments?q=${reference}`)).json()) as AdminPaymentPage;
  return page.items[0];
}

/** The booking as the client's dashboard lists it. */
async function clientSees(client: TestClient, bookingId: string) {
  const page = (await (await client.get('/api/bookings')).json()) as { items: { id: string }[] };
  return page.items.find((b) => b.id === bookingId);
}

const refundNotices = async (profileId: string) => (await notificationsOf(t, profileId)).filter((n) => /refund/i.test(n.message));

describe('Refund (95%) from the Payments view', () => {
  it('makes one refund at the provider when fifty clicks arrive at once', async () => {
    const { admin, client, booking, paymentId } = await paidBooking();

    const answers = await Promise.all(Array.from({ length: 50 }, () => refund(admin.client, paymentId)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const accepted = (await answers.find((r) => r.status === 200)!.json()) as AdminRefundResult;
    expect(accepted).toMatchObject({ outcome: 'accepted', payment: { status: 'refund_pending', refundedAmount: 9120, canRefund: false } });

    expect(fake.chargebackRequests()).toHaveLength(1);
    expect(fake.chargebackRequests()[0]?.body).toMatchObject({ amount: 9120 });
    expect(await paymentRow(t, paymentId)).toMatchObject({ status: 'refund_pending', refundedAmount: 9120, refundRef: 'CB1' });
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(await refundNotices(client.profileId)).toHaveLength(1);
    expect(await clientSees(client.client, booking.id)).toMatchObject({ paymentStatus: 'refunded', refund: { amount: 9120, status: 'pending' } });
    // Asked for once, made once, by the admin who asked.
    const trail = await t.database.db.select().from(auditEvents).where(eq(auditEvents.recordId, paymentId));
    expect(trail.map((r) => r.action).sort()).toEqual(['payment.refund', 'payment.refund_request']);
    expect(trail.find((r) => r.action === 'payment.refund')).toMatchObject({
      actorProfileId: admin.profileId,
      before: { status: 'paid' },
      after: { status: 'refund_pending', refundAmount: 9120 },
    });
  });

  it('leaves a payment the provider refuses paid, says why, and tells the client nothing', async () => {
    const { admin, client, booking, paymentId } = await paidBooking();
    fake.scriptNextChargeback({ refuse: 'Chargeback window has closed for this invoice' });

    const res = await refund(admin.client, paymentId);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: 'The payment service refused the refund: Chargeback window has closed for this invoice' });
    expect(await paymentRow(t, paymentId)).toMatchObject({ status: 'paid', refundRequestedAt: null, refundedAmount: null });
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(await refundNotices(client.profileId)).toEqual([]);
    expect(await t.jobs.pending('send-payment-refund-notice')).toEqual([]);
    expect(await clientSees(client.client, booking.id)).toMatchObject({ paymentStatus: 'paid', refund: null });
    expect(await listedRow(admin.client, booking.reference)).toMatchObject({ status: 'paid', canRefund: true, refundRequested: false });

    // The back-stop queued with the request finds nothing to do.
    await t.runJobs('payment-refund');
    expect(fake.chargebackRequests()).toHaveLength(1);

    // Asked again once the provider would take it, it goes through.
    expect((await refund(admin.client, paymentId)).status).toBe(200);
    expect(fake.chargebackRequests()).toHaveLength(2);
    expect(await paymentRow(t, paymentId)).toMatchObject({ status: 'refund_pending' });
  });

  it('keeps a refund whose answer is slow claimed, never asks twice, and lets the job find and finish it', async () => {
    const { admin, client, booking, paymentId } = await paidBooking();
    fake.scriptNextChargeback({ delayMs: PROVIDER_TIMEOUT_MS + 300 });

    const res = await refund(admin.client, paymentId);
    expect(res.status).toBe(202);
    expect(((await res.json()) as AdminRefundResult).payment).toMatchObject({ status: 'paid', refundRequested: true, canRefund: false });
    expect(await refundNotices(client.profileId)).toEqual([]);

    const again = await refund(admin.client, paymentId);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: 'A refund of this payment is already being processed.' });

    // IntaSend made the chargeback after all, once our request had given up.
    await expect.poll(() => fake.ledger.chargebacks.size, { timeout: 5_000 }).toBe(1);
    await t.runJobs('payment-refund');
    expect(fake.chargebackRequests()).toHaveLength(1);
    expect(fake.requests.some((r) => r.method === 'GET' && r.path === '/api/v1/chargebacks/')).toBe(true);
    expect(await paymentRow(t, paymentId)).toMatchObject({ status: 'refund_pending', refundRef: 'CB1', refundedAmount: 9120 });
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(await refundNotices(client.profileId)).toHaveLength(1);
    // The job found it: on the trail it is the refund the admin asked for.
    const made = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'payment.refund'));
    expect(made).toMatchObject([{ actorProfileId: admin.profileId, recordId: paymentId }]);
  });

  it('asks again for a refund whose answer never came once its claim is stale and the provider has none', async () => {
    const { admin, paymentId } = await paidBooking();
    fake.respondNext({ status: 502, body: '<html>Bad gateway</html>', delayMs: 0 });
    expect((await refund(admin.client, paymentId)).status).toBe(202);
    expect(fake.ledger.chargebacks.size).toBe(0);

    // Not stale yet: the job leaves it (and looks again later).
    await t.runJobs('payment-refund');
    expect(fake.chargebackRequests()).toHaveLength(1);
    await t.database.db
      .update(payments)
      .set({ refundRequestedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(payments.id, paymentId));
    await t.runJobs('payment-refund');
    expect(fake.chargebackRequests()).toHaveLength(2);
    expect(await paymentRow(t, paymentId)).toMatchObject({ status: 'refund_pending', refundRef: 'CB1' });
  });

  it('completes a refund when IntaSend’s chargeback webhook says so and its API agrees', async () => {
    const { admin, client, booking, paymentId } = await paidBooking();
    expect((await refund(admin.client, paymentId)).status).toBe(200);
    const chargeback = fake.ledger.chargebacks.get('CB1')!;
    const webhook = (status: string, challenge = CHALLENGE) =>
      t.client().post('/api/payments/webhooks/intasend', { ...fake.ledger.chargebackJson(chargeback, 'id'), status, challenge });

    expect((await webhook('COMPLETED', 'not-our-challenge')).status).toBe(401);
    // The body says completed; IntaSend's API does not (yet): nothing changes.
    expect((await webhook('COMPLETED')).status).toBe(200);
    expect(await paymentRow(t, paymentId)).toMatchObject({ status: 'refund_pending', refundedAt: null });

    chargeback.status = 'COMPLETED';
    expect((await webhook('COMPLETED')).status).toBe(200);
    expect(await paymentRow(t, paymentId)).toMatchObject({ status: 'refunded', refundedAt: expect.any(Date) });
    expect(await clientSees(client.client, booking.id)).toMatchObject({ refund: { amount: 9120, status: 'refunded' } });
    expect(await listedRow(admin.client, chargeback.invoiceId)).toMatchObject({
      status: 'refunded',
      refundedAmount: 9120,
    });
  });
});
