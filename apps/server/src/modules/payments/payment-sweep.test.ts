import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { payments } from '../../db/schema/payments.ts';
import { sandboxPayments } from '../../db/schema/sandbox-payments.ts';
import { createDbSandboxStore } from '../../providers/payments/sandbox-db-store.ts';
import { bookingRow, pay, paymentRow, payingScene } from '../../test/payment-helpers.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { GIVE_UP_AFTER_MS, NO_ANSWER_REASON, sweepPaymentsInFlight } from './payment-sweep.service.ts';

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

/** An attempt started a while ago (the sweep leaves attempts younger than 20 s to their start). */
async function startedAgo(paymentId: string, ms: number) {
  await t.database.db
    .update(payments)
    .set({ createdAt: new Date(Date.now() - ms) })
    .where(eq(payments.id, paymentId));
}

/** The client approved on the checkout page, but our server never settled it (it died, the webhook never came). */
async function approvedAtProviderOnly(providerRef: string) {
  await createDbSandboxStore(t.database.db).setOutcome(providerRef, {
    outcome: 'approved',
    failureReason: null,
    payerDetail: '0712 345 678',
    decidedAt: new Date(),
  });
}

describe('the sweep of payments in flight', () => {
  it('settles an approved payment nobody told us about: booking confirmed, confirmation e-mail and SMS queued with it', async () => {
    const { client, booking } = await payingScene(t);
    const { body } = await pay(client.client, booking.id);
    const row = await paymentRow(t, body.id);
    await approvedAtProviderOnly(row.providerRef!);
    await startedAgo(body.id, 60_000);

    expect(await sweepPaymentsInFlight(t.deps)).toEqual({ checked: 1, settled: 1 });
    expect(await paymentRow(t, body.id)).toMatchObject({ status: 'paid', checkedAt: expect.any(Date) });
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect((await t.jobs.pending('send-booking-confirmation')).map((j) => j.data)).toEqual([
      { bookingId: booking.id, channel: 'email' },
      { bookingId: booking.id, channel: 'sms' },
    ]);
    // Nothing left to do: the next sweep asks about nothing.
    expect(await sweepPaymentsInFlight(t.deps)).toEqual({ checked: 0, settled: 0 });
  });

  it('finds, by our reference, an attempt whose start answer was lost, and settles it', async () => {
    const { client, booking } = await payingScene(t);
    const { body } = await pay(client.client, booking.id);
    const { providerRef } = await paymentRow(t, body.id);
    await approvedAtProviderOnly(providerRef!);
    // The server died after the provider took the payment and before it stored the provider's answer.
    await t.database.db.update(payments).set({ providerRef: null, checkoutUrl: null }).where(eq(payments.id, body.id));
    await startedAgo(body.id, 60_000);

    expect(await sweepPaymentsInFlight(t.deps)).toEqual({ checked: 1, settled: 1 });
    expect(await paymentRow(t, body.id)).toMatchObject({ status: 'paid', providerRef });
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'confirmed' });
  });

  it('leaves young attempts to their start, and asks about each attempt at most once a sweep interval, however many sweeps run', async () => {
    const { client, booking } = await payingScene(t);
    const { body } = await pay(client.client, booking.id);
    expect(await sweepPaymentsInFlight(t.deps)).toEqual({ checked: 0, settled: 0 });
    await startedAgo(body.id, 60_000);
    const sweeps = await Promise.all([sweepPaymentsInFlight(t.deps), sweepPaymentsInFlight(t.deps), sweepPaymentsInFlight(t.deps)]);
    expect(sweeps.reduce((n, s) => n + s.checked, 0)).toBe(1);
    expect(await paymentRow(t, body.id)).toMatchObject({ status: 'pending' });
    expect(await sweepPaymentsInFlight(t.deps)).toEqual({ checked: 0, settled: 0 });
  });

  it('closes as failed an attempt the provider never heard of after two days; the booking may be paid again', async () => {
    const { client, booking } = await payingScene(t);
    const { body } = await pay(client.client, booking.id);
    await t.database.db.update(payments).set({ providerRef: null, checkoutUrl: null }).where(eq(payments.id, body.id));
    await t.database.db.delete(sandboxPayments);
    await startedAgo(body.id, GIVE_UP_AFTER_MS - 60_000);
    expect(await sweepPaymentsInFlight(t.deps)).toEqual({ checked: 1, settled: 0 });
    expect(await paymentRow(t, body.id)).toMatchObject({ status: 'pending' });

    await t.database.db.update(payments).set({ checkedAt: null }).where(eq(payments.id, body.id));
    await startedAgo(body.id, GIVE_UP_AFTER_MS + 60_000);
    expect(await sweepPaymentsInFlight(t.deps)).toEqual({ checked: 1, settled: 1 });
    expect(await paymentRow(t, body.id)).toMatchObject({ status: 'failed', failureReason: NO_ANSWER_REASON });
    expect(await bookingRow(t, booking.id)).toMatchObject({ paymentStatus: 'failed' });
  });
});
