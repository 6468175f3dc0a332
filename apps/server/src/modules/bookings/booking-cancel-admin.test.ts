/** The console cancels a booking and decides its refund in the same step (decision 030). */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit.ts';
import { startFakeIntaSend, type FakeIntaSend } from '../../providers/payments/fake-intasend-server.ts';
import { book, bookingRow, intaSendAgainst, notificationsOf, paidBookingAhead, paymentRow, payingScene } from '../../test/payment-helpers.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { ALREADY_CANCELLED_MESSAGE } from './booking-cancel.service.ts';
import { NOTHING_PAID_REFUND_MESSAGE, refundAbovePaidMessage } from './booking-cancel-admin.service.ts';

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

const paths = (id: string) => ({ cancel: `/api/admin/bookings/${id}/cancel`, preview: `/api/admin/bookings/${id}/cancellation` });
const auditOf = async (bookingId: string) =>
  (await t.database.db.select().from(auditEvents).where(eq(auditEvents.recordId, bookingId))).filter((r) => r.action === 'booking.admin_cancel');

describe('the console cancelling a paid booking', () => {
  it('offers the policy refund, cancels and refunds it at the provider once, and tells the client and the guard', async () => {
    const { client, guard, admins, booking, paymentId } = await paidBookingAhead(t, fake, 72);
    const admin = admins[0]!;
    const { cancel, preview } = paths(booking.id);

    const quote = await admin.client.get(preview);
    expect(quote.status).toBe(200);
    expect(await quote.json()).toMatchObject({ paid: true, amountPaid: 9600, policyRefund: 9120, percent: 95, refundRefusal: null });

    const res = await admin.client.post(cancel, { refund: 9120 });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: booking.id, status: 'cancelled', paymentStatus: 'refunded', cancellation: { by: 'admin' } });
    expect(fake.chargebackRequests()).toHaveLength(1);
    expect(fake.chargebackRequests()[0]?.body).toMatchObject({ amount: 9120 });
    expect(await paymentRow(t, paymentId)).toMatchObject({ status: 'refund_pending', refundedAmount: 9120, refundRef: 'CB1' });

    await t.runJobs('payment-refund');
    expect(fake.chargebackRequests()).toHaveLength(1);
    await t.runJobs('send-payment-refund-notice');
    const mail = t.mailer.messages.find((m) => m.subject.includes(`Refund for booking ${booking.reference}`));
    expect(mail?.text).toContain('Under the cancellation policy 95% of KES 9,600 is refunded.');
    expect((await notificationsOf(t, client.profileId)).map((n) => n.message)).toContain(
      `Booking ${booking.reference} was cancelled by the OPS office. KES 9,120 goes back to you the way you paid; it can take a few days.`,
    );
    expect((await notificationsOf(t, guard.profileId)).map((n) => n.message)).toContain(
      `Booking ${booking.reference} was cancelled by the OPS office: the job is off.`,
    );
    await t.runJobs('send-booking-cancelled');
    const updates = t.mailer.messages.filter((m) => m.subject.includes(`Booking ${booking.reference} cancelled`));
    expect(updates.map((m) => m.to).sort()).toEqual([client.email, guard.email].sort());

    const [trail] = await auditOf(booking.id);
    expect(trail).toMatchObject({ actorProfileId: admin.profileId, after: { policyRefund: 9120, refund: 9120, amountPaid: 9600 } });

    const again = await admin.client.post(cancel, { refund: 0 });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(ALREADY_CANCELLED_MESSAGE);
  });

  it('gives another amount only with a reason, kept on the audit trail; never more than was paid', async () => {
    const { admins, booking, paymentId } = await paidBookingAhead(t, fake, 10);
    const admin = admins[0]!;
    const { cancel, preview } = paths(booking.id);
    // Under 24 hours: the policy gives nothing back.
    expect(await (await admin.client.get(preview)).json()).toMatchObject({ policyRefund: 0, percent: 0 });

    const noReason = await admin.client.post(cancel, { refund: 9600 });
    expect(noReason.status).toBe(400);
    expect(await noReason.json()).toMatchObject({ fields: { reason: "Say why the refund differs from the policy's KES 0." } });
    const tooMuch = await admin.client.post(cancel, { refund: 9601, reason: 'Our guard fell ill' });
    expect(tooMuch.status).toBe(400);
    expect(await tooMuch.json()).toMatchObject({ fields: { refund: refundAbovePaidMessage(9600) } });
    for (const bad of [{ refund: -1 }, { refund: 10.5 }, { refund: 'all' }, {}, { refund: 100, reason: 'x'.repeat(301) }]) {
      expect((await admin.client.post(cancel, bad)).status).toBe(400);
    }
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(fake.chargebackRequests()).toHaveLength(0);

    const res = await admin.client.post(cancel, { refund: 9600, reason: 'Our guard fell ill' });
    expect(res.status).toBe(200);
    expect(fake.chargebackRequests()[0]?.body).toMatchObject({ amount: 9600 });
    expect(await paymentRow(t, paymentId)).toMatchObject({ status: 'refund_pending', refundedAmount: 9600 });
    const [trail] = await auditOf(booking.id);
    expect(trail?.after).toMatchObject({ policyRefund: 0, refund: 9600, refundReason: 'Our guard fell ill' });
  });

  it('cancels with no refund when the admin says so; the payment stays paid', async () => {
    const { admins, booking, paymentId } = await paidBookingAhead(t, fake, 72);
    const res = await admins[0]!.client.post(paths(booking.id).cancel, { refund: 0, reason: 'The client was paid back in cash' });
    expect(res.status).toBe(200);
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'paid', cancelledBy: 'admin' });
    expect(await paymentRow(t, paymentId)).toMatchObject({ status: 'paid', refundRequestedAt: null });
    expect(fake.chargebackRequests()).toHaveLength(0);
  });

  it('cancels an unpaid booking with nothing to refund', async () => {
    const scene = await payingScene(t);
    const { cancel, preview } = paths(scene.booking.id);
    const admin = scene.admins[0]!;
    expect(await (await admin.client.get(preview)).json()).toMatchObject({ paid: false, amountPaid: 0, policyRefund: 0 });
    const refused = await admin.client.post(cancel, { refund: 100, reason: 'Goodwill' });
    expect(await refused.json()).toMatchObject({ fields: { refund: NOTHING_PAID_REFUND_MESSAGE } });
    expect((await admin.client.post(cancel, { refund: 0 })).status).toBe(200);
    expect(await bookingRow(t, scene.booking.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'unpaid', cancelledBy: 'admin' });
    // The guard's time is free again: the client can book it at once.
    await book(scene.client.client, scene.guard.profileId);
  });

  it('makes one refund when two admins and a double click press at once, or a client cancels meanwhile', async () => {
    const { client, admins, booking, paymentId } = await paidBookingAhead(t, fake, 72);
    const { cancel } = paths(booking.id);
    const presses = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => admins[i % 2]!.client.post(cancel, { refund: 9120 })),
      client.client.post(`/api/bookings/${booking.id}/cancel`, { reason: 'Plans changed' }),
    ]);
    expect(presses.filter((r) => r.status === 200)).toHaveLength(1);
    expect(presses.filter((r) => r.status === 409)).toHaveLength(10);
    expect(fake.chargebackRequests()).toHaveLength(1);
    expect(await paymentRow(t, paymentId)).toMatchObject({ status: 'refund_pending', refundedAmount: 9120 });
  });

  it('is for admins only', async () => {
    const { client, guard, booking } = await paidBookingAhead(t, fake, 72);
    const partner = await t.signedInDirectly('partner');
    const { cancel, preview } = paths(booking.id);
    for (const who of [client.client, guard.client, partner.client]) {
      expect((await who.post(cancel, { refund: 0 })).status).toBe(403);
      expect((await who.get(preview)).status).toBe(403);
    }
    expect((await t.client().post(cancel, { refund: 0 })).status).toBe(401);
    expect((await t.client().get(preview)).status).toBe(401);
    const admin = await t.signedIn('admin');
    expect((await admin.client.post(paths('00000000-0000-4000-8000-000000000000').cancel, { refund: 0 })).status).toBe(404);
    expect((await admin.client.post(paths('not-a-uuid').cancel, { refund: 0 })).status).toBe(400);
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
  });
});
