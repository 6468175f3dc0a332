import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MPESA_PHONE_REQUIRED } from '@ops/shared/schemas/payments';
import { bookings } from '../../db/schema/bookings.ts';
import { createDbSandboxStore } from '../../providers/payments/sandbox-db-store.ts';
import { SANDBOX_BANNER } from '../../providers/payments/sandbox-page.ts';
import {
  DECLINING_CARD,
  GOOD_CARD,
  approveMpesa,
  book,
  bookingRow,
  notificationsOf,
  pay,
  paymentRow,
  payingScene,
  submitSandbox,
} from '../../test/payment-helpers.ts';
import { createTestContext, TEST_APP_URL, type TestContext } from '../../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';

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

describe('paying a booking through the sandbox', () => {
  it('M-Pesa approved: booking confirmed and paid, the guard and every admin told, e-mail with a calendar invite and an SMS', async () => {
    const { client, guard, admins, booking } = await payingScene(t);
    const { res, body: started } = await pay(client.client, booking.id, { method: 'mpesa', phone: '0712 345 678', amount: 1 });
    expect(res.status).toBe(201);
    expect(started).toMatchObject({
      bookingId: booking.id,
      bookingReference: booking.reference,
      method: 'mpesa',
      provider: 'sandbox',
      status: 'pending',
      amount: 9600,
      bookingStatus: 'pending',
      bookingPaymentStatus: 'pending',
    });
    // A path on the site the client is on (whatever address they opened it at): the page needs their session.
    expect(started.checkoutUrl).toMatch(/^\/sandbox\/checkout\/SBX[0-9A-F]{12}$/);
    expect(await paymentRow(t, started.id)).toMatchObject({
      apiRef: `booking-${booking.reference}-1`,
      amount: 9600,
      phone: '254712345678',
      currency: 'KES',
    });
    expect(await t.jobs.pending('payment-recheck')).toHaveLength(1);

    const page = await client.client.get(started.checkoutUrl ?? '');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(SANDBOX_BANNER);
    expect(html).toContain(`Guard Booking #${booking.reference}`);

    const done = await approveMpesa(client.client, started.checkoutUrl);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toMatch(new RegExp(`^/booking-success\\?payment=${started.id}&tracking_id=SBX`));

    const paid = (await (await client.client.get(`/api/payments/${started.id}`)).json()) as Record<string, unknown>;
    expect(paid).toMatchObject({ status: 'paid', bookingStatus: 'confirmed', bookingPaymentStatus: 'paid', failureReason: null });
    const stored = await bookingRow(t, booking.id);
    expect(stored).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', commissionAmount: 480 });
    // The payment carries the same commission, which the console's summary adds up.
    expect(await paymentRow(t, started.id)).toMatchObject({ status: 'paid', commissionAmount: 480 });
    expect(stored.confirmedAt).toBeInstanceOf(Date);

    for (const person of [guard, ...admins]) {
      const rows = await notificationsOf(t, person.profileId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ type: 'booking_confirmed' });
      for (const part of [
        booking.reference,
        'Personal Guard',
        '1 guard',
        'hourly',
        '09:00–17:00',
        '8 hours',
        '12 Karen Road, Karen',
        'Njeri Wambui Kamau',
      ]) {
        expect(rows[0]?.message).toContain(part);
      }
    }
    // The client's own bell: the booking received, then paid and confirmed.
    expect((await notificationsOf(t, client.profileId)).map((n) => n.type).sort()).toEqual(['booking', 'booking_confirmed']);

    expect(await t.runJobs('send-booking-confirmation')).toEqual([
      { bookingId: booking.id, channel: 'email' },
      { bookingId: booking.id, channel: 'sms' },
    ]);
    const mail = t.mailer.messages.find((m) => m.to === client.email);
    expect(mail?.subject).toBe(`Booking ${booking.reference} confirmed`);
    const invite = mail?.attachments?.[0];
    expect(invite?.contentType).toMatch(/^text\/calendar/);
    expect(String(invite?.content)).toMatch(
      /BEGIN:VCALENDAR\r\n[\s\S]*UID:booking-[\s\S]*DTSTART:\d{8}T060000Z\r\nDTEND:\d{8}T140000Z\r\n[\s\S]*LOCATION:12 Karen Road\\, Karen/,
    );
    expect(t.sms.messages).toEqual([
      {
        to: '254712345678',
        message: expect.stringContaining(`booking ${booking.reference} is confirmed`),
        idempotencyKey: `booking-confirmation-${booking.id}`,
      },
    ]);
  });

  it('a card declined, then a retry approved: one failed attempt and one paid, the booking confirmed once', async () => {
    const { client, booking } = await payingScene(t);
    const { body: first } = await pay(client.client, booking.id, { method: 'card' });
    expect(first).toMatchObject({ method: 'card', status: 'pending' });
    expect((await submitSandbox(client.client, first.checkoutUrl, { action: 'approve', ...DECLINING_CARD })).status).toBe(303);

    const failed = (await (await client.client.get(`/api/payments/${first.id}`)).json()) as Record<string, unknown>;
    expect(failed).toMatchObject({
      status: 'failed',
      failureReason: 'Card declined by the issuer (test card 4000 0000 0000 0002)',
      bookingStatus: 'pending',
      bookingPaymentStatus: 'failed',
    });

    const { res, body: retry } = await pay(client.client, booking.id, { method: 'card' });
    expect(res.status).toBe(201);
    expect(retry.id).not.toBe(first.id);
    expect(await paymentRow(t, retry.id)).toMatchObject({ apiRef: `booking-${booking.reference}-2` });
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'pending', paymentStatus: 'pending' });
    await submitSandbox(client.client, retry.checkoutUrl, { action: 'approve', ...GOOD_CARD });

    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(await paymentRow(t, first.id)).toMatchObject({ status: 'failed' });
    expect(await paymentRow(t, retry.id)).toMatchObject({ status: 'paid' });
    // A second press of an old tab changes nothing.
    expect((await submitSandbox(client.client, retry.checkoutUrl, { action: 'approve', ...GOOD_CARD })).status).toBe(303);
    expect(await t.jobs.pending('send-booking-confirmation')).toHaveLength(2);
  });

  it('only the provider’s answer counts: polling settles a payment decided on the sandbox, once, however many ask at once', async () => {
    const { client, guard, booking } = await payingScene(t);
    const { body: started } = await pay(client.client, booking.id);
    const providerRef = (await paymentRow(t, started.id)).providerRef ?? '';
    // The tester decided on the page of another server copy: only the provider's ledger knows.
    await createDbSandboxStore(t.database.db).setOutcome(providerRef, {
      outcome: 'approved',
      failureReason: null,
      payerDetail: null,
      decidedAt: new Date(),
    });

    const answers = await Promise.all([1, 2, 3].map(() => client.client.get(`/api/payments/${started.id}`)));
    for (const answer of answers) expect(((await answer.json()) as { status: string }).status).toBe('paid');
    expect(await notificationsOf(t, guard.profileId)).toHaveLength(1);
    expect((await t.jobs.pending('send-booking-confirmation')).filter((j) => 'bookingId' in j.data && j.data.bookingId === booking.id)).toHaveLength(2);
  });

  it('asks for the M-Pesa phone number and writes nothing without it', async () => {
    const { client, booking } = await payingScene(t);
    const { res, body } = await pay(client.client, booking.id, { method: 'mpesa' });
    expect(res.status).toBe(400);
    expect(body.fields).toEqual({ phone: MPESA_PHONE_REQUIRED });
    expect(await bookingRow(t, booking.id)).toMatchObject({ paymentStatus: 'unpaid' });
    expect((await pay(client.client, booking.id, { method: 'paypal' })).res.status).toBe(400);
  });

  it('lets only the client who booked pay, read the payment and open its checkout page', async () => {
    const { client, guard, admins, booking } = await payingScene(t);
    const stranger = await t.signedIn('client');
    expect((await pay(stranger.client, booking.id)).res.status).toBe(404);
    expect((await pay(guard.client, booking.id)).res.status).toBe(403);
    expect((await pay(client.client, '6f1c1d5e-0000-4000-8000-000000000000')).res.status).toBe(404);
    expect(await bookingRow(t, booking.id)).toMatchObject({ paymentStatus: 'unpaid' });

    const { body: started } = await pay(client.client, booking.id);
    expect((await stranger.client.get(`/api/payments/${started.id}`)).status).toBe(404);
    expect((await t.client().get(`/api/payments/${started.id}`)).status).toBe(401);
    expect((await client.client.get(`/api/payments/${started.id}`)).status).toBe(200);
    // The booking's own guard and admins included: the payment is the client's business.
    for (const reader of [guard, admins[0]!]) expect((await reader.client.get(`/api/payments/${started.id}`)).status).toBe(404);

    // The checkout page shows the client's phone and lets its opener approve or decline.
    const page = started.checkoutUrl!;
    for (const other of [guard.client, stranger.client, admins[0]!.client, t.client()]) {
      const seen = await other.get(page);
      expect(seen.status).toBe(404);
      expect(await seen.text()).not.toContain('712');
      expect((await submitSandbox(other, started.checkoutUrl, { action: 'decline', phone: '0712345678' })).status).toBe(404);
    }
    expect(await paymentRow(t, started.id)).toMatchObject({ status: 'pending' });
    expect((await client.client.get(page)).status).toBe(200);
  });

  it('refuses to take money for a booking already paid, or whose hold has expired', async () => {
    const { client, booking } = await payingScene(t);
    const { body: started } = await pay(client.client, booking.id);
    await approveMpesa(client.client, started.checkoutUrl);
    const again = await pay(client.client, booking.id);
    expect(again.res.status).toBe(409);
    expect(again.body.message).toBe('This booking is already paid.');

    const unpaid = await book(client.client, null);
    await t.database.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, unpaid.id));
    const late = await pay(client.client, unpaid.id);
    expect(late.res.status).toBe(409);
    expect(late.body.message).toBe('This booking’s hold has expired. Please book again.');
  });

  it('answers 404 for an unknown sandbox page', async () => {
    expect((await t.client().get('/sandbox/checkout/SBXNOPE')).status).toBe(404);
    expect((await submitSandbox(t.client(), `${TEST_APP_URL}/sandbox/checkout/SBXNOPE`, { action: 'approve' })).status).toBe(404);
  });
});
