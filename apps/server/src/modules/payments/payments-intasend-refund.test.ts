import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeIntaSend, type FakeIntaSend } from '../../providers/payments/fake-intasend-server.ts';
import { intaSendAgainst, bookingRow, pay, paymentRow, payingScene } from '../../test/payment-helpers.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { refundBooking } from './payment-refund.service.ts';

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

describe('refunds through IntaSend', () => {
  it('requests a chargeback of 95%, then follows it until IntaSend completes it', async () => {
    fake.scriptNextInvoice({ states: ['COMPLETE'] });
    const { client, admins, booking } = await payingScene(t);
    const { body } = await pay(client.client, booking.id);
    expect(((await (await client.client.get(`/api/payments/${body.id}`)).json()) as { status: string }).status).toBe('paid');

    expect(await refundBooking(t.deps, booking.id, { profileId: admins[0]!.profileId, clientIp: null })).toEqual({
      paymentId: body.id,
      outcome: 'accepted',
    });
    expect(await paymentRow(t, body.id)).toMatchObject({ status: 'refund_pending', refundedAmount: 9120, method: 'mpesa' });
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    const invoiceId = (await paymentRow(t, body.id)).providerRef;
    expect(fake.requests.at(-1)).toMatchObject({ path: '/api/v1/chargebacks/', body: { invoice: invoiceId, amount: 9120 } });
    expect(await paymentRow(t, body.id)).toMatchObject({ status: 'refund_pending', refundRef: 'CB1', refundedAt: null });
    // The back-stop queued with the decision (it will find the refund requested), and the follow-up.
    const queued = await t.jobs.pending('payment-refund');
    expect(queued.map((job) => job.data)).toEqual([{ paymentId: body.id }, { paymentId: body.id, followUp: true }]);
    expect(queued[1]?.startAfter?.getTime()).toBeGreaterThan(Date.now() + 5 * 3600_000);

    // Still open at IntaSend: asked again later.
    await t.runJobs('payment-refund');
    expect(await paymentRow(t, body.id)).toMatchObject({ status: 'refund_pending' });
    fake.ledger.chargebacks.get('CB1')!.status = 'COMPLETED';
    await t.runJobs('payment-refund');
    expect(await paymentRow(t, body.id)).toMatchObject({ status: 'refunded', refundedAt: expect.any(Date) });
    expect(await t.jobs.pending('payment-refund')).toHaveLength(0);
    expect(fake.requests.filter((r) => r.path === '/api/v1/chargebacks/')).toHaveLength(1);
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
  });
});
