import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sandboxPayments } from '../../db/schema/sandbox-payments.ts';
import {
  GOOD_CARD,
  approveMpesa,
  book,
  bookingRow,
  expireHold,
  notificationsOf,
  pay,
  paymentRow,
  payingScene,
  submitSandbox,
} from '../../test/payment-helpers.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { refundBooking } from './payment-refund.service.ts';

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

async function sandboxRefunds(providerRef: string | null) {
  const [row] = await t.database.db
    .select()
    .from(sandboxPayments)
    .where(eq(sandboxPayments.providerRef, providerRef ?? ''));
  return row?.refunds ?? [];
}

describe('money that arrives after the hold expired', () => {
  it('confirms the booking when the guard’s slot is still free', async () => {
    const { client, guard, booking } = await payingScene(t);
    const { body: started } = await pay(client.client, booking.id);
    await expireHold(t, booking.id);

    await approveMpesa(client.client, started.checkoutUrl);
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', cancelledReason: null, cancelledAt: null });
    expect(await paymentRow(t, started.id)).toMatchObject({ status: 'paid', refundedAmount: null });
    expect(await notificationsOf(t, guard.profileId)).toMatchObject([{ type: 'booking_confirmed' }]);
    expect(await t.jobs.pending('send-booking-confirmation')).toHaveLength(2);
  });

  it('refunds all of it through the provider when another client has booked the slot meanwhile, and tells the client', async () => {
    const { client, guard, booking } = await payingScene(t);
    const { body: started } = await pay(client.client, booking.id);
    await expireHold(t, booking.id);
    const rival = await t.signedIn('client');
    const taken = await book(rival.client, guard.profileId);

    const done = await approveMpesa(client.client, started.checkoutUrl);
    expect(done.status).toBe(303);
    const payment = await paymentRow(t, started.id);
    expect(payment).toMatchObject({ status: 'refunded', refundedAmount: 9600, refundRef: `${payment.providerRef}-R1` });
    expect(payment.paidAt).toBeInstanceOf(Date);
    expect(payment.refundedAt).toBeInstanceOf(Date);
    expect(payment.failureReason).toMatch(/hold had expired and the guard had been booked/);
    expect(await sandboxRefunds(payment.providerRef)).toMatchObject([{ amountKes: 9600 }]);
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(await bookingRow(t, taken.id)).toMatchObject({ status: 'pending' });

    expect(await notificationsOf(t, guard.profileId)).toHaveLength(0);
    const told = await notificationsOf(t, client.profileId);
    expect(told.filter((n) => n.type === 'payment')).toMatchObject([
      { message: expect.stringContaining('refunding all of it'), link: `/dashboard?booking=${booking.id}` },
    ]);
    expect(told.map((n) => n.message)).toEqual(expect.arrayContaining([expect.stringContaining('not paid within its 30-minute hold')]));
    expect(await t.jobs.pending('send-booking-confirmation')).toHaveLength(0);
    await t.runJobs('send-payment-refund-notice');
    expect(t.mailer.messages.find((m) => m.to === client.email)).toMatchObject({
      subject: `Refund for booking ${booking.reference}`,
      text: expect.stringContaining('KES 9,600'),
    });

    const dto = (await (await client.client.get(`/api/payments/${started.id}`)).json()) as Record<string, unknown>;
    expect(dto).toMatchObject({ status: 'refunded', refundedAmount: 9600, bookingStatus: 'cancelled', bookingPaymentStatus: 'refunded' });
  });

  it('refunds a second payment of a booking already paid, and leaves the booking confirmed', async () => {
    const { client, booking } = await payingScene(t);
    const { body: first } = await pay(client.client, booking.id, { method: 'card' });
    const { body: second } = await pay(client.client, booking.id);
    expect(second.id).not.toBe(first.id);
    await submitSandbox(client.client, first.checkoutUrl, { action: 'approve', ...GOOD_CARD });
    await approveMpesa(client.client, second.checkoutUrl);

    expect(await paymentRow(t, first.id)).toMatchObject({ status: 'paid' });
    expect(await paymentRow(t, second.id)).toMatchObject({
      status: 'refunded',
      refundedAmount: 9600,
      failureReason: expect.stringContaining('already been paid'),
    });
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
  });
});

describe('refunding a confirmed booking (admins)', () => {
  it('cancels it and gives back 95% through the provider', async () => {
    const { client, guard, admins, booking } = await payingScene(t);
    const { body: started } = await pay(client.client, booking.id);
    await approveMpesa(client.client, started.checkoutUrl);
    const admin = { profileId: admins[0]!.profileId, clientIp: null };

    expect(await refundBooking(t.deps, booking.id, admin)).toEqual({ paymentId: started.id, outcome: 'accepted' });
    const payment = await paymentRow(t, started.id);
    expect(payment).toMatchObject({ status: 'refunded', refundedAmount: 9120 });
    expect(await sandboxRefunds(payment.providerRef)).toMatchObject([{ amountKes: 9120 }]);
    expect(await bookingRow(t, booking.id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
      cancelledReason: 'Cancelled by OPS Security',
    });
    expect((await notificationsOf(t, guard.profileId)).map((n) => n.type)).toEqual(['booking_confirmed', 'booking']);

    await expect(refundBooking(t.deps, booking.id, admin)).rejects.toMatchObject({ status: 409 });
    expect(await sandboxRefunds(payment.providerRef)).toHaveLength(1);
  });
});
