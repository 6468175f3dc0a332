import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BookingPageDto, BookingSummaryDto, ClientStatsDto } from '@ops/shared/schemas/bookings';
import { insertBooking, insertGuard, insertPayment, insertReview } from '../../test/fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
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

const DAY = 24 * 3600 * 1000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY);

/** The first page's bookings. */
async function bookingsOf(client: TestClient, query = ''): Promise<BookingSummaryDto[]> {
  const res = await client.get(`/api/bookings${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as BookingPageDto).items;
}

/** Amina (a client) has four bookings with guard James: past, present and future. */
async function aminaAndJames() {
  const db = t.database.db;
  const amina = await t.signedIn('client', { fullName: 'Amina Hassan' });
  const james = await t.signedIn('guard', { fullName: 'James Mwangi' });
  const at = (days: number) => ({ clientProfileId: amina.profileId, guardProfileId: james.profileId, startTime: daysFromNow(days) });
  const reviewed = await insertBooking(db, { ...at(-20), status: 'completed' });
  await insertReview(db, { bookingId: reviewed, guardProfileId: james.profileId, clientProfileId: amina.profileId, rating: 5 });
  const toReview = await insertBooking(db, { ...at(-10), status: 'completed' });
  const upcoming = await insertBooking(db, { ...at(3), status: 'confirmed' });
  const awaitingPayment = await insertBooking(db, { ...at(5), status: 'pending' });
  return { amina, james, ids: { reviewed, toReview, upcoming, awaitingPayment } };
}

describe('GET /api/bookings', () => {
  it('shows a client their bookings, the one to pay first, with the guard and whether they can review', async () => {
    const { amina, james, ids } = await aminaAndJames();
    const list = await bookingsOf(amina.client);
    expect(list.map((b) => b.id)).toEqual([ids.awaitingPayment, ids.upcoming, ids.toReview, ids.reviewed]);
    expect(list.map((b) => [b.status, b.paymentStatus, b.canReview])).toEqual([
      ['pending', 'unpaid', false],
      ['confirmed', 'paid', false],
      ['completed', 'paid', true],
      ['completed', 'paid', false],
    ]);
    expect(list[2]).toMatchObject({
      reference: expect.stringMatching(/^OPS-/),
      price: 9600,
      durationHours: 8,
      area: 'Karen',
      guard: { profileId: james.profileId, fullName: 'James Mwangi', avatarUrl: null },
      client: { profileId: amina.profileId, fullName: 'Amina Hassan', isCompany: false, companyName: null },
    });
  });

  it('shows a guard the jobs assigned to them, the upcoming one first, never with a review button', async () => {
    const { james, ids } = await aminaAndJames();
    const list = await bookingsOf(james.client);
    expect(list.map((b) => b.id)).toEqual([ids.upcoming, ids.awaitingPayment, ids.toReview, ids.reviewed]);
    expect(list.every((b) => !b.canReview)).toBe(true);
    // Who booked shows once the job is paid (booking-privacy.test.ts has every case).
    expect(list[1]?.client).toBeNull();
    expect(list[0]?.client?.fullName).toBe('Amina Hassan');
  });

  it('shows another client and another guard none of them', async () => {
    await aminaAndJames();
    const otherClient = await t.signedIn('client');
    const otherGuard = await t.signedIn('guard');
    expect(await bookingsOf(otherClient.client)).toEqual([]);
    expect(await bookingsOf(otherGuard.client)).toEqual([]);
  });

  it('does not offer a review for a completed booking that had no guard', async () => {
    const me = await t.signedIn('client');
    await insertBooking(t.database.db, { clientProfileId: me.profileId, status: 'completed' });
    expect(await bookingsOf(me.client)).toEqual([expect.objectContaining({ guard: null, canReview: false })]);
  });

  it('returns 10 unless asked for another number up to 50, latest start first among past bookings', async () => {
    const me = await t.signedIn('client');
    const guardId = await insertGuard(t.database.db);
    for (let i = 0; i < 12; i += 1) {
      await insertBooking(t.database.db, { clientProfileId: me.profileId, guardProfileId: guardId, startTime: daysFromNow(-i - 1) });
    }
    const latest = await bookingsOf(me.client);
    expect(latest).toHaveLength(10);
    expect(latest[0]?.startTime).toBe(new Date(latest[0]!.startTime).toISOString());
    expect(latest.map((b) => b.startTime)).toEqual([...latest.map((b) => b.startTime)].sort().reverse());
    expect(await bookingsOf(me.client, '?limit=3')).toHaveLength(3);
    expect(await bookingsOf(me.client, '?limit=50')).toHaveLength(12);

    for (const bad of ['0', '51', 'abc', '2.5']) {
      const res = await me.client.get(`/api/bookings?limit=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(Object.keys(((await res.json()) as { fields: Record<string, string> }).fields)).toEqual(['limit']);
    }
  });

  it('asks a guest to sign in and turns admins and partners away', async () => {
    await aminaAndJames();
    expect((await t.client().get('/api/bookings')).status).toBe(401);
    for (const role of ['admin', 'partner'] as const) {
      const res = await (await t.signedIn(role)).client.get('/api/bookings');
      expect(res.status, role).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
  });
});

describe('GET /api/bookings/stats', () => {
  /** Amina's bookings and payments, and one paid booking of another client that must not count. */
  async function bookingsWithPayments() {
    const db = t.database.db;
    const amina = await t.signedIn('client');
    const other = await t.signedIn('client');
    const guardId = await insertGuard(db);
    const book = (clientProfileId: string, days: number, fields: Parameters<typeof insertBooking>[1] = { clientProfileId }) =>
      insertBooking(db, { ...fields, clientProfileId, guardProfileId: guardId, startTime: daysFromNow(days) });

    await book(amina.profileId, 2, { clientProfileId: amina.profileId, status: 'pending', price: 7200 });
    const confirmed = await book(amina.profileId, 4, { clientProfileId: amina.profileId, status: 'confirmed', price: 9600 });
    await insertPayment(db, { bookingId: confirmed, payerProfileId: amina.profileId, amount: 9600, status: 'paid' });
    const completed = await book(amina.profileId, -5, { clientProfileId: amina.profileId, status: 'completed', price: 5000 });
    await insertPayment(db, { bookingId: completed, payerProfileId: amina.profileId, amount: 5000, status: 'failed' });
    await insertPayment(db, { bookingId: completed, payerProfileId: amina.profileId, amount: 5000, status: 'paid' });
    await book(amina.profileId, 6, { clientProfileId: amina.profileId, status: 'cancelled', paymentStatus: 'failed', price: 3000 });
    const others = await book(other.profileId, 8, { clientProfileId: other.profileId, status: 'confirmed', price: 50_000 });
    await insertPayment(db, { bookingId: others, payerProfileId: other.profileId, amount: 50_000, status: 'paid' });
    return { amina, other };
  }

  it('counts the client’s bookings and what they paid', async () => {
    const { amina } = await bookingsWithPayments();
    const res = await amina.client.get('/api/bookings/stats');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ totalBookings: 4, activeBookings: 2, completed: 1, totalSpent: 14_600 } satisfies ClientStatsDto);
  });

  it('shows zeros to a client without bookings', async () => {
    const { client } = await t.signedIn('client');
    expect(await (await client.get('/api/bookings/stats')).json()).toEqual({ totalBookings: 0, activeBookings: 0, completed: 0, totalSpent: 0 });
  });

  it('still shows what was spent, from the paid bookings, when payments cannot be read', async () => {
    const { amina } = await bookingsWithPayments();
    await t.database.db.execute(sql`alter table payments rename to payments_unavailable`);
    const res = await amina.client.get('/api/bookings/stats');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ totalBookings: 4, totalSpent: 14_600 });
    expect(t.logLines.some((l) => l.level === 40 && String(l.msg).startsWith('total spent from payments failed'))).toBe(true);
  });

  it('is for clients only', async () => {
    expect((await t.client().get('/api/bookings/stats')).status).toBe(401);
    for (const role of ['guard', 'admin', 'partner'] as const) {
      expect((await (await t.signedIn(role)).client.get('/api/bookings/stats')).status, role).toBe(403);
    }
  });
});
