/** A client cancels a paid booking under the operator's notice policy (decision 030). */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit.ts';
import { startFakeIntaSend, type FakeIntaSend } from '../../providers/payments/fake-intasend-server.ts';
import { bookingRow, intaSendAgainst, notificationsOf, paidBookingAhead, paymentRow } from '../../test/payment-helpers.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { ALREADY_CANCELLED_MESSAGE, REASON_REQUIRED_MESSAGE, REFUND_CHANGED_MESSAGE } from './booking-cancel.service.ts';

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
  t = await createTestContext(factory, { payments: intaSendAgainst(fake, PROVIDER_TIMEOUT_MS) });
});
afterEach(async () => {
  await t.close();
  await fake.close();
});

/** A booking of KES 9,600 paid by M-Pesa, starting `hoursAhead` from now. */
async function paidBooking(hoursAhead: number) {
  const scene = await paidBookingAhead(t, fake, hoursAhead);
  return { ...scene, path: `/api/bookings/${scene.booking.id}/cancel` };
}

const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message;

describe('a client cancelling a paid booking', () => {
  it('more than 48 hours ahead: shows 95% first, then cancels and refunds it at the provider once; the guard and the office are told', async () => {
    const { client, guard, admins, booking, paymentId, path } = await paidBooking(72);

    const preview = await client.client.get(`/api/bookings/${booking.id}/cancellation`);
    expect(preview.status).toBe(200);
    expect(await preview.json()).toMatchObject({
      paid: true,
      window: 'full',
      percent: 95,
      amountPaid: 9600,
      refund: 9120,
      message: 'Under the cancellation policy you get KES 9,120 back (95% of KES 9,600).',
    });

    // A reason is required; nothing is written without one.
    const noReason = await client.client.post(path, {});
    expect(noReason.status).toBe(400);
    expect(await noReason.json()).toMatchObject({ fields: { reason: REASON_REQUIRED_MESSAGE } });
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });

    const res = await client.client.post(path, { reason: 'Plans changed', note: 'We moved the event', expectedRefund: 9120 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: booking.id, reference: booking.reference, status: 'cancelled', refund: 9120, refundPercent: 95 });
    expect(await bookingRow(t, booking.id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
      cancelledBy: 'client',
      cancelledReason: 'Plans changed: We moved the event',
    });
    expect(fake.chargebackRequests()).toHaveLength(1);
    expect(fake.chargebackRequests()[0]?.body).toMatchObject({ amount: 9120 });
    expect(await paymentRow(t, paymentId)).toMatchObject({ status: 'refund_pending', refundedAmount: 9120, refundRef: 'CB1' });

    // The back-stop job finds it done and asks nothing again.
    await t.runJobs('payment-refund');
    expect(fake.chargebackRequests()).toHaveLength(1);

    // The client's e-mail gives the figure and why; the guard and the office hear of it.
    await t.runJobs('send-payment-refund-notice');
    const mail = t.mailer.messages.find((m) => m.subject.includes(`Refund for booking ${booking.reference}`));
    expect(mail?.text).toContain('We are refunding KES 9,120');
    expect(mail?.text).toContain('Under the cancellation policy 95% of KES 9,600 is refunded.');
    expect((await notificationsOf(t, guard.profileId)).map((n) => n.message)).toContain(
      `Booking ${booking.reference} was cancelled by the client: the job is off.`,
    );
    const office = (await notificationsOf(t, admins[0]!.profileId)).map((n) => n.message).find((m) => m.startsWith('The client cancelled'));
    expect(office).toMatch(
      /^The client cancelled booking .* (71|72) hours before its start \(Plans changed: We moved the event\); KES 9,120 \(95%\) goes back\.$/,
    );

    // The client's and the guard's calendars lose the event: same UID, higher SEQUENCE, METHOD:CANCEL.
    await t.runJobs('send-booking-cancelled');
    const updates = t.mailer.messages.filter((m) => m.subject.includes(`Booking ${booking.reference} cancelled`));
    expect(updates.map((m) => m.to).sort()).toEqual([client.email, guard.email].sort());
    const ics = String(updates[0]?.attachments?.[0]?.content);
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain('SEQUENCE:1');
    expect(ics).toContain(`UID:booking-${booking.id}@`);
    expect(updates[0]?.text).toContain('the client cancelled it');

    const [trail] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'booking.client_cancel'));
    expect(trail).toMatchObject({ actorProfileId: client.profileId, recordId: booking.id, after: { refund: 9120, refundPercent: 95, late: false } });

    const again = await client.client.post(path, { reason: 'Plans changed' });
    expect(again.status).toBe(409);
    expect(await messageOf(again)).toBe(ALREADY_CANCELLED_MESSAGE);
  });

  it('30 hours ahead gives back 50%; less than 24 hours, nothing, and the payment stays as it was', async () => {
    const half = await paidBooking(30);
    const res = await half.client.client.post(half.path, { reason: 'Found another provider' });
    expect(await res.json()).toMatchObject({ refund: 4800, refundPercent: 50 });
    expect(fake.chargebackRequests()[0]?.body).toMatchObject({ amount: 4800 });
    expect(await paymentRow(t, half.paymentId)).toMatchObject({ status: 'refund_pending', refundedAmount: 4800 });

    const late = await paidBooking(10);
    const preview = (await (await late.client.client.get(`/api/bookings/${late.booking.id}/cancellation`)).json()) as { refund: number; message: string };
    expect(preview).toMatchObject({ refund: 0, window: 'none', message: 'Under the cancellation policy nothing is refunded at this point.' });
    const none = await late.client.client.post(late.path, { reason: 'Other', note: 'The event is off' });
    expect(await none.json()).toMatchObject({ refund: 0, refundPercent: 0 });
    expect(await bookingRow(t, late.booking.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'paid', cancelledBy: 'client' });
    expect(await paymentRow(t, late.paymentId)).toMatchObject({ status: 'paid', refundedAmount: null, refundRequestedAt: null });
    expect(fake.chargebackRequests()).toHaveLength(1);
    const [trail] = (await t.database.db.select().from(auditEvents).where(eq(auditEvents.recordId, late.booking.id))).filter(
      (r) => r.action === 'booking.client_cancel',
    );
    expect(trail?.after).toMatchObject({ refund: 0, late: true });
  });

  it('makes one refund when twenty presses arrive at once', async () => {
    const { client, booking, paymentId, path } = await paidBooking(72);
    const presses = await Promise.all(Array.from({ length: 20 }, () => client.client.post(path, { reason: 'Booked by mistake' })));
    expect(presses.filter((r) => r.status === 200)).toHaveLength(1);
    expect(presses.filter((r) => r.status === 409)).toHaveLength(19);
    expect(fake.chargebackRequests()).toHaveLength(1);
    expect(await paymentRow(t, paymentId)).toMatchObject({ status: 'refund_pending', refundedAmount: 9120 });
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'cancelled' });
  });

  it('keeps the refund owed when the provider does not answer, and the job finds it without asking twice', async () => {
    const { client, booking, paymentId, path } = await paidBooking(72);
    fake.scriptNextChargeback({ delayMs: PROVIDER_TIMEOUT_MS + 300 });
    const res = await client.client.post(path, { reason: 'Plans changed' });
    // The cancellation stands whatever the provider does; the money is owed and on its way.
    expect(res.status).toBe(200);
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(await paymentRow(t, paymentId)).toMatchObject({ status: 'refund_pending', refundedAmount: 9120, refundRef: null });

    await expect.poll(() => fake.ledger.chargebacks.size, { timeout: 5_000 }).toBe(1);
    await t.runJobs('payment-refund');
    expect(fake.chargebackRequests()).toHaveLength(1);
    expect(await paymentRow(t, paymentId)).toMatchObject({ status: 'refund_pending', refundRef: 'CB1' });
  });

  it('asks again when the refund changed while the dialog was open, writing nothing', async () => {
    const { client, booking, paymentId, path } = await paidBooking(30);
    const res = await client.client.post(path, { reason: 'Plans changed', expectedRefund: 9120 });
    expect(res.status).toBe(409);
    expect(await messageOf(res)).toBe(REFUND_CHANGED_MESSAGE);
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(await paymentRow(t, paymentId)).toMatchObject({ status: 'paid' });
    expect(fake.chargebackRequests()).toHaveLength(0);
  });

  it('is for its own client only, and refuses bad input with the field and nothing written', async () => {
    const { client, guard, admins, booking, path } = await paidBooking(72);
    const other = await t.signedInDirectly('client');
    const partner = await t.signedInDirectly('partner');
    const preview = `/api/bookings/${booking.id}/cancellation`;
    const body = { reason: 'Plans changed' };
    expect((await other.client.post(path, body)).status).toBe(404);
    expect((await other.client.get(preview)).status).toBe(404);
    for (const who of [guard.client, partner.client, admins[0]!.client]) {
      expect((await who.post(path, body)).status).toBe(403);
      expect((await who.get(preview)).status).toBe(403);
    }
    expect((await t.client().post(path, body)).status).toBe(401);
    expect((await t.client().get(preview)).status).toBe(401);

    const bad = [
      [{ reason: 'Because' }, 'reason'],
      [{ reason: 'Other' }, 'note'],
      [{ reason: 'Other', note: '  ' }, 'note'],
      [{ reason: 'Plans changed', note: 'x'.repeat(501) }, 'note'],
      [{ reason: 'Plans changed', expectedRefund: -1 }, 'expectedRefund'],
      [{ reason: 'Plans changed', expectedRefund: 'lots' }, 'expectedRefund'],
    ] as const;
    for (const [input, field] of bad) {
      const res = await client.client.post(path, input);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { fields: Record<string, string> }).fields).toHaveProperty(field);
    }
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', cancelledReason: null });
    expect(fake.chargebackRequests()).toHaveLength(0);
  });
});
