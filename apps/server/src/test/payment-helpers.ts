/** Test support for the payment flows: a booking to pay, the sandbox page's buttons, the rows behind. */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { addDaysToDate, nairobiDate } from '@ops/shared/domain/nairobi-time';
import type { PaymentDto } from '@ops/shared/schemas/payments';
import { bookings } from '../db/schema/bookings.ts';
import { guards } from '../db/schema/guards.ts';
import { notifications } from '../db/schema/notifications.ts';
import { paymentEvents, payments } from '../db/schema/payments.ts';
import { expireLapsedHolds } from '../modules/bookings/booking-holds.service.ts';
import type { FakeIntaSend } from '../providers/payments/fake-intasend-server.ts';
import { createIntaSendProvider } from '../providers/payments/intasend.ts';
import { deploymentReady, insertGuard } from './fixtures.ts';
import type { TestContext } from './test-app.ts';
import { TEST_APP_URL, type TestClient } from './test-client.ts';

export const CHALLENGE = 'a-long-webhook-challenge-of-ours';
export const GOOD_CARD = { card_number: '4242 4242 4242 4242', card_expiry: '12/39', card_cvc: '123' };
export const DECLINING_CARD = { ...GOOD_CARD, card_number: '4000 0000 0000 0002' };

const inDays = (days: number) => addDaysToDate(nairobiDate(new Date()), days);

export interface BookedSlot {
  id: string;
  reference: string;
  price: number;
}

/** The six-step wizard's request body: 1 guard for 8 hours from 09:00 in three days, in Karen. */
export function wizardBooking(guardId: string | null, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    serviceType: 'personal',
    guardId,
    teamSize: 1,
    date: inDays(3),
    startTime: '09:00',
    duration: 8,
    durationType: 'hourly',
    dressCode: 'business_suit',
    location: 'Karen',
    ...overrides,
  };
}

/** The wizard's booking stored: 1 guard for 8 hours from 09:00 in three days (KES 9,600 at 1,200/hour). */
export async function book(client: TestClient, guardId: string | null, overrides: Record<string, unknown> = {}): Promise<BookedSlot> {
  const res = await client.post('/api/bookings', wizardBooking(guardId, { address: '12 Karen Road', notes: 'Gate 2', ...overrides }));
  expect(res.status).toBe(201);
  return (await res.json()) as BookedSlot;
}

/** A client with a phone, an approved and credentialed guard with a sign-in, two admins, and a booking of that guard. */
export async function payingScene(t: TestContext) {
  const client = await t.signedIn('client', { phone: '254712345678', fullName: 'Njeri Wambui Kamau' });
  const guard = await t.signedIn('guard', { fullName: 'Otieno Juma' });
  await t.database.db
    .update(guards)
    .set({ approved: true, status: 'approved', rateHourly: 1200, ...deploymentReady() })
    .where(eq(guards.profileId, guard.profileId));
  const admins = [await t.signedIn('admin'), await t.signedIn('admin')];
  const booking = await book(client.client, guard.profileId);
  return { client, guard, admins, booking };
}

/**
 * The paying scene's booking paid by M-Pesa through the fake IntaSend (KES 9,600), then moved to
 * start `hoursAhead` from now (8 hours long), for the notice policy's windows.
 */
export async function paidBookingAhead(t: TestContext, fake: FakeIntaSend, hoursAhead: number) {
  fake.scriptNextInvoice({ states: ['COMPLETE'] });
  const scene = await payingScene(t);
  const { body } = await pay(scene.client.client, scene.booking.id);
  await scene.client.client.get(`/api/payments/${body.id}`);
  expect(await paymentRow(t, body.id)).toMatchObject({ status: 'paid' });
  // On the minute, as a booking's start always is.
  const start = new Date(Math.floor((Date.now() + hoursAhead * 3600_000) / 60_000) * 60_000);
  await t.database.db
    .update(bookings)
    .set({ startTime: start, endTime: new Date(start.getTime() + 8 * 3600_000) })
    .where(eq(bookings.id, scene.booking.id));
  return { ...scene, paymentId: body.id };
}

export async function otherGuard(t: TestContext) {
  return insertGuard(t.database.db, { rateHourly: 1200 });
}

export async function pay(client: TestClient, bookingId: string, body: unknown = { method: 'mpesa', phone: '0712 345 678' }) {
  const res = await client.post(`/api/bookings/${bookingId}/payments`, body);
  return { res, body: (await res.json()) as PaymentDto & { code?: string; message?: string; fields?: Record<string, string> } };
}

/** Presses a button on the sandbox checkout page, as the paying client's browser posts the form. */
export async function submitSandbox(payer: TestClient, checkoutUrl: string | null, form: Record<string, string>) {
  if (!checkoutUrl) throw new Error('no checkout page');
  return payer.request(new URL(checkoutUrl, TEST_APP_URL).pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
}

export const approveMpesa = (payer: TestClient, checkoutUrl: string | null) =>
  submitSandbox(payer, checkoutUrl, { action: 'approve', phone: '0712345678' });

export async function paymentRow(t: TestContext, id: string) {
  const [row] = await t.database.db.select().from(payments).where(eq(payments.id, id));
  if (!row) throw new Error(`no payment ${id}`);
  return row;
}

export async function bookingRow(t: TestContext, id: string) {
  const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
  if (!row) throw new Error(`no booking ${id}`);
  return row;
}

export const notificationsOf = (t: TestContext, profileId: string) =>
  t.database.db.select().from(notifications).where(eq(notifications.profileId, profileId));

export const paymentEventRows = (t: TestContext) => t.database.db.select().from(paymentEvents);

/** The hold ran out and the hold sweeper ran: the booking is cancelled and its slot free. */
export async function expireHold(t: TestContext, bookingId: string) {
  await t.database.db
    .update(bookings)
    .set({ holdExpiresAt: new Date(Date.now() - 1000) })
    .where(eq(bookings.id, bookingId));
  await expireLapsedHolds(t.database.db, new Date(), t.logger);
  expect(await bookingRow(t, bookingId)).toMatchObject({ status: 'cancelled' });
}

/** The real IntaSend adapter pointed at a fake IntaSend server, as a test context's `payments`. */
export function intaSendAgainst(fake: FakeIntaSend, timeoutMs?: number) {
  return () =>
    createIntaSendProvider({
      baseUrl: fake.baseUrl,
      publishableKey: fake.publishableKey,
      secretKey: fake.secretKey,
      webhookChallenge: CHALLENGE,
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    });
}
