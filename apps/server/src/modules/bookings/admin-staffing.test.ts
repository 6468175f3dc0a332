/**
 * Staffing bookings that lack guards from the console: who is offered, what is refused, and that
 * one overlap rule holds across client bookings and staffing, even when requests race (on
 * PostgreSQL they really run side by side; on PGlite one after another).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDaysToDate, nairobiDate } from '@ops/shared/domain/nairobi-time';
import type { AdminOverviewDto } from '@ops/shared/schemas/admin';
import type { AdminBookingRow, BookingCandidates } from '@ops/shared/schemas/admin-bookings';
import type { BookingPageDto } from '@ops/shared/schemas/bookings';
import { auditEvents } from '../../db/schema/audit.ts';
import { bookingGuards } from '../../db/schema/booking-guards.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { guards } from '../../db/schema/guards.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { deploymentReady, insertBooking, insertGuard } from '../../test/fixtures.ts';
import { rowCounts } from '../../test/row-counts.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { GUARD_BUSY_MESSAGE } from './booking-create.service.ts';
import { CLIENT_CHOSE_GUARD, NOT_ON_BOOKING, NOT_UNSTAFFABLE } from './booking-staffing.service.ts';

let factory: TestDatabaseFactory;
let t: TestContext;
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());
beforeEach(async () => {
  t = await createTestContext(factory, { maxConnections: 30 });
});
afterEach(() => t.close());

const HOUR = 3_600_000;
/** Three days ahead, 06:00 UTC (09:00 in Nairobi), on the hour. */
const START = new Date(Math.ceil((Date.now() + 3 * 24 * HOUR) / (24 * HOUR)) * 24 * HOUR + 6 * HOUR);

async function paidBooking(clientProfileId: string, fields: { teamSize?: number; startTime?: Date; guardProfileId?: string | null } = {}) {
  const id = await insertBooking(t.database.db, {
    clientProfileId,
    guardProfileId: fields.guardProfileId ?? null,
    status: 'confirmed',
    startTime: fields.startTime ?? START,
  });
  if (fields.teamSize) await t.database.db.update(bookings).set({ teamSize: fields.teamSize }).where(eq(bookings.id, id));
  return id;
}

async function scene() {
  const admin = await t.signedInDirectly('admin');
  const client = await t.signedInDirectly('client', { fullName: 'Amina Hassan' });
  return { admin, client };
}

const message = async (res: Response) => ((await res.json()) as { message: string }).message;

describe('GET /api/admin/bookings/:id/candidates', () => {
  it('offers only approved, available, credentialed guards free for the booking’s time, by name', async () => {
    const { admin, client } = await scene();
    const booking = await paidBooking(client.profileId);
    const free = await insertGuard(t.database.db, { fullName: 'Faith Wanjiru', rateHourly: 1500 });
    await insertGuard(t.database.db, { fullName: 'Pending Person', status: 'pending' });
    await insertGuard(t.database.db, { fullName: 'Away Person', availability: false });
    // Credentials that lapse the day before the job.
    await insertGuard(t.database.db, { fullName: 'Lapsing Person', policeClearanceExpiresOn: addDaysToDate(nairobiDate(START), -1) });
    const busy = await insertGuard(t.database.db, { fullName: 'Busy Person' });
    await paidBooking(client.profileId, { guardProfileId: busy, startTime: new Date(START.getTime() + 2 * HOUR) });
    const elsewhere = await insertGuard(t.database.db, { fullName: 'Later Person' });
    await paidBooking(client.profileId, { guardProfileId: elsewhere, startTime: new Date(START.getTime() + 8 * HOUR) });

    const res = await admin.client.get(`/api/admin/bookings/${booking}/candidates`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as BookingCandidates;
    expect(body.needed).toBe(1);
    expect(body.items.map((c) => c.fullName)).toEqual(['Faith Wanjiru', 'Later Person']);
    expect(body.items[0]).toMatchObject({
      profileId: free,
      rateHourly: 1500,
      credentialsValidUntil: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as string,
    });

    const searched = (await (await admin.client.get(`/api/admin/bookings/${booking}/candidates?q=wanj`)).json()) as BookingCandidates;
    expect(searched.items.map((c) => c.fullName)).toEqual(['Faith Wanjiru']);
  });

  it('is for admins only', async () => {
    const { client } = await scene();
    const booking = await paidBooking(client.profileId);
    expect((await client.client.get(`/api/admin/bookings/${booking}/candidates`)).status).toBe(403);
  });
});

describe('POST /api/admin/bookings/:id/guards', () => {
  it('gives a booking without a guard its guard, who then sees the job and is told, with the audit row', async () => {
    const { admin, client } = await scene();
    const booking = await paidBooking(client.profileId);
    const guard = await t.signedInDirectly('guard', { fullName: 'Faith Wanjiru' });
    await t.database.db
      .update(guards)
      .set({ status: 'approved', approved: true, ...deploymentReady() })
      .where(eq(guards.profileId, guard.profileId));

    const res = await admin.client.post(`/api/admin/bookings/${booking}/guards`, { guardProfileIds: [guard.profileId] });
    expect(res.status).toBe(200);
    expect(((await res.json()) as AdminBookingRow).guards).toEqual([{ profileId: guard.profileId, fullName: 'Faith Wanjiru', staffedByConsole: true }]);
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking));
    expect(row).toMatchObject({ guardProfileId: guard.profileId, status: 'confirmed' });

    const jobs = (await (await guard.client.get('/api/bookings')).json()) as BookingPageDto;
    expect(jobs.items.map((j) => j.id)).toEqual([booking]);
    expect(jobs.items[0]?.client?.fullName).toBe('Amina Hassan');
    const [notice] = await t.database.db.select().from(notifications).where(eq(notifications.profileId, guard.profileId));
    expect(notice).toMatchObject({ type: 'booking', link: `/dashboard?booking=${booking}` });
    expect(notice?.message).toMatch(/^New job: booking OPS-/);
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordId, booking), eq(auditEvents.action, 'booking.staff')));
    expect(audit).toMatchObject({ actorProfileId: admin.profileId, before: { guardProfileIds: [] }, after: { guardProfileIds: [guard.profileId] } });
  });

  it('staffs a team booking up to its size, a second team guard seeing the client too, and refuses one more', async () => {
    const { admin, client } = await scene();
    const booking = await paidBooking(client.profileId, { teamSize: 3 });
    const [a, b, c, d] = [
      await insertGuard(t.database.db),
      await insertGuard(t.database.db),
      await insertGuard(t.database.db),
      await insertGuard(t.database.db),
    ];
    expect((await admin.client.post(`/api/admin/bookings/${booking}/guards`, { guardProfileIds: [a, b] })).status).toBe(200);
    const needed = (await (await admin.client.get(`/api/admin/bookings/${booking}/candidates`)).json()) as BookingCandidates;
    expect(needed.needed).toBe(1);
    const tooMany = await admin.client.post(`/api/admin/bookings/${booking}/guards`, { guardProfileIds: [c, d] });
    expect(tooMany.status).toBe(409);
    expect(await message(tooMany)).toBe('This booking takes 3 guards and has 2: choose at most 1.');
    const last = await admin.client.post(`/api/admin/bookings/${booking}/guards`, { guardProfileIds: [c] });
    expect(((await last.json()) as AdminBookingRow).guards.map((g) => g.profileId)).toEqual([a, b, c]);
    const full = await admin.client.post(`/api/admin/bookings/${booking}/guards`, { guardProfileIds: [d] });
    expect(await message(full)).toBe('This booking already has all its guards.');
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking));
    expect(row?.guardProfileId).toBe(a);
  });

  it('refuses a guard who is busy then, writing nothing', async () => {
    const { admin, client } = await scene();
    const booking = await paidBooking(client.profileId);
    const guard = await insertGuard(t.database.db, { fullName: 'Busy Person' });
    await paidBooking(client.profileId, { guardProfileId: guard, startTime: new Date(START.getTime() - 4 * HOUR) });
    const before = await rowCounts(t.database.db);
    const res = await admin.client.post(`/api/admin/bookings/${booking}/guards`, { guardProfileIds: [guard] });
    expect(res.status).toBe(409);
    expect(await message(res)).toBe('Busy Person is already booked for part of that time.');
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it.each([
    ['not approved', { status: 'pending' as const }, 'X Person is not approved.'],
    ['not available', { availability: false }, 'X Person is not available for bookings.'],
    ['without a PSRA licence', { psraLicenceNumber: null, psraLicenceExpiresOn: null }, /^X Person: This guard cannot be booked at the moment/],
    [
      'whose clearance lapses before the job',
      { policeClearanceExpiresOn: addDaysToDate(nairobiDate(START), -1) },
      /^X Person: This guard cannot be booked past/,
    ],
  ])('refuses a guard %s, writing nothing', async (_label, overrides, expected) => {
    const { admin, client } = await scene();
    const booking = await paidBooking(client.profileId);
    const guard = await insertGuard(t.database.db, { fullName: 'X Person', ...overrides });
    const before = await rowCounts(t.database.db);
    const res = await admin.client.post(`/api/admin/bookings/${booking}/guards`, { guardProfileIds: [guard] });
    expect(res.status).toBe(409);
    expect(await message(res)).toMatch(expected);
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it('refuses a booking that is cancelled or completed, and an unknown guard', async () => {
    const { admin, client } = await scene();
    const guard = await insertGuard(t.database.db);
    const done = await insertBooking(t.database.db, { clientProfileId: client.profileId, status: 'completed' });
    expect((await admin.client.post(`/api/admin/bookings/${done}/guards`, { guardProfileIds: [guard] })).status).toBe(409);
    const booking = await paidBooking(client.profileId);
    expect((await admin.client.post(`/api/admin/bookings/${booking}/guards`, { guardProfileIds: [crypto.randomUUID()] })).status).toBe(400);
    expect((await admin.client.post(`/api/admin/bookings/${booking}/guards`, { guardProfileIds: [] })).status).toBe(400);
  });

  it('gives one guard to exactly one of two overlapping bookings when twenty requests race', async () => {
    const { admin, client } = await scene();
    const first = await paidBooking(client.profileId);
    const second = await paidBooking(client.profileId, { startTime: new Date(START.getTime() + 3 * HOUR) });
    const guard = await insertGuard(t.database.db);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => admin.client.post(`/api/admin/bookings/${i % 2 ? first : second}/guards`, { guardProfileIds: [guard] })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const rows = await t.database.db.select().from(bookingGuards).where(eq(bookingGuards.guardProfileId, guard));
    expect(rows).toHaveLength(1);
  });

  it('refuses a client booking the guard directly over the time an admin staffed them, with the usual message', async () => {
    const { admin, client } = await scene();
    // A team of two: the staffed guard is the team's second, so only booking_guards knows of them.
    const team = await paidBooking(client.profileId, { teamSize: 2 });
    const [lead, second] = [await insertGuard(t.database.db), await insertGuard(t.database.db)];
    expect((await admin.client.post(`/api/admin/bookings/${team}/guards`, { guardProfileIds: [lead, second] })).status).toBe(200);

    const other = await t.signedInDirectly('client');
    const before = await t.database.db.select().from(bookings);
    const res = await other.client.post('/api/bookings', {
      serviceType: 'personal',
      guardId: second,
      teamSize: 1,
      date: nairobiDate(START),
      startTime: '11:00',
      duration: 6,
      durationType: 'hourly',
      dressCode: 'business_suit',
      location: 'Karen',
    });
    expect(res.status).toBe(409);
    expect(await message(res)).toBe(GUARD_BUSY_MESSAGE);
    expect(await t.database.db.select().from(bookings)).toHaveLength(before.length);
  });
});

describe('DELETE /api/admin/bookings/:id/guards/:guardProfileId', () => {
  const remove = (admin: { client: TestClient }, booking: string, guard: string) => admin.client.delete(`/api/admin/bookings/${booking}/guards/${guard}`);
  const noticesOf = async (profileId: string) =>
    (await t.database.db.select().from(notifications).where(eq(notifications.profileId, profileId))).map((n) => n.message);

  it('takes a team guard off: the guard’s time is free again, guard and client are told, with the audit row', async () => {
    const { admin, client } = await scene();
    const booking = await paidBooking(client.profileId, { teamSize: 3 });
    const [a, b, c] = [
      await insertGuard(t.database.db, { fullName: 'Faith Wanjiru' }),
      await insertGuard(t.database.db, { fullName: 'Brian Ochieng' }),
      await insertGuard(t.database.db, { fullName: 'Chege Kamau' }),
    ];
    expect((await admin.client.post(`/api/admin/bookings/${booking}/guards`, { guardProfileIds: [a, b, c] })).status).toBe(200);

    const res = await remove(admin, booking, b);
    expect(res.status).toBe(200);
    expect(((await res.json()) as AdminBookingRow).guards.map((g) => g.fullName)).toEqual(['Faith Wanjiru', 'Chege Kamau']);
    expect(await t.database.db.select().from(bookingGuards).where(eq(bookingGuards.guardProfileId, b))).toEqual([]);
    // Free again for this booking, which needs one guard again.
    const candidates = (await (await admin.client.get(`/api/admin/bookings/${booking}/candidates`)).json()) as BookingCandidates;
    expect(candidates.needed).toBe(1);
    expect(candidates.items.map((g) => g.profileId)).toContain(b);

    expect((await noticesOf(b)).at(-1)).toMatch(/^You are no longer on booking OPS-/);
    expect((await noticesOf(client.profileId)).at(-1)).toMatch(/^Booking OPS-\w+: Brian Ochieng will no longer guard it\./);
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordId, booking), eq(auditEvents.action, 'booking.unstaff')));
    expect(audit).toMatchObject({ actorProfileId: admin.profileId });
    // Guards put on together are in no particular order among themselves.
    const ids = (side: unknown) => (side as { guardProfileIds: string[] }).guardProfileIds.toSorted();
    expect(ids(audit?.before)).toEqual([a, b, c].toSorted());
    expect(ids(audit?.after)).toEqual([a, c].toSorted());
  });

  it('gives the booking’s own guard’s place to the next guard of its team, or to none', async () => {
    const { admin, client } = await scene();
    const booking = await paidBooking(client.profileId, { teamSize: 2 });
    const [a, b] = [await insertGuard(t.database.db), await insertGuard(t.database.db)];
    expect((await admin.client.post(`/api/admin/bookings/${booking}/guards`, { guardProfileIds: [a, b] })).status).toBe(200);

    expect((await remove(admin, booking, a)).status).toBe(200);
    const [afterFirst] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking));
    expect(afterFirst?.guardProfileId).toBe(b);
    expect((await t.database.db.select().from(bookingGuards).where(eq(bookingGuards.bookingId, booking))).map((g) => g.guardProfileId)).toEqual([b]);

    const last = await remove(admin, booking, b);
    expect(((await last.json()) as AdminBookingRow).guards).toEqual([]);
    const [afterBoth] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking));
    expect(afterBoth).toMatchObject({ guardProfileId: null, status: 'confirmed' });
    expect(await t.database.db.select().from(bookingGuards).where(eq(bookingGuards.bookingId, booking))).toEqual([]);
    // Paid and without its guards again: back under 'Needs attention'.
    const overview = (await (await admin.client.get('/api/admin/overview')).json()) as AdminOverviewDto;
    expect(overview.attention.unstaffedBookings.map((b) => b.id)).toContain(booking);
    // Staffed again from scratch.
    expect((await admin.client.post(`/api/admin/bookings/${booking}/guards`, { guardProfileIds: [b] })).status).toBe(200);
  });

  it('refuses the guard the client chose, a guard not on the booking, and a booking that is over; writes nothing', async () => {
    const { admin, client } = await scene();
    const chosen = await insertGuard(t.database.db);
    const booking = await paidBooking(client.profileId, { guardProfileId: chosen });
    const before = await rowCounts(t.database.db);

    const own = await remove(admin, booking, chosen);
    expect(own.status).toBe(409);
    expect(await message(own)).toBe(CLIENT_CHOSE_GUARD);
    const stranger = await remove(admin, booking, await insertGuard(t.database.db));
    expect(stranger.status).toBe(409);
    expect(await message(stranger)).toBe(NOT_ON_BOOKING);

    const staffed = await paidBooking(client.profileId, { startTime: new Date(START.getTime() + 48 * HOUR) });
    const guard = await insertGuard(t.database.db);
    expect((await admin.client.post(`/api/admin/bookings/${staffed}/guards`, { guardProfileIds: [guard] })).status).toBe(200);
    await t.database.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, staffed));
    const over = await remove(admin, staffed, guard);
    expect(over.status).toBe(409);
    expect(await message(over)).toBe(NOT_UNSTAFFABLE);

    expect((await remove(admin, crypto.randomUUID(), guard)).status).toBe(404);
    expect((await admin.client.delete(`/api/admin/bookings/${booking}/guards/not-a-guard`)).status).toBe(400);
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking));
    expect(row?.guardProfileId).toBe(chosen);
    expect(await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'booking.unstaff'))).toEqual([]);
    expect((await rowCounts(t.database.db)).booking_guards).toBe((before.booking_guards ?? 0) + 1);
  });

  it('is for admins only', async () => {
    const { admin, client } = await scene();
    const booking = await paidBooking(client.profileId);
    const guard = await t.signedInDirectly('guard');
    await t.database.db
      .update(guards)
      .set({ status: 'approved', approved: true, ...deploymentReady() })
      .where(eq(guards.profileId, guard.profileId));
    expect((await admin.client.post(`/api/admin/bookings/${booking}/guards`, { guardProfileIds: [guard.profileId] })).status).toBe(200);
    expect((await remove(client, booking, guard.profileId)).status).toBe(403);
    expect((await remove(guard, booking, guard.profileId)).status).toBe(403);
    expect(await t.database.db.select().from(bookingGuards).where(eq(bookingGuards.bookingId, booking))).toHaveLength(1);
  });

  it('takes the guard off once when ten presses race', async () => {
    const { admin, client } = await scene();
    const booking = await paidBooking(client.profileId, { teamSize: 2 });
    const [a, b] = [await insertGuard(t.database.db), await insertGuard(t.database.db)];
    expect((await admin.client.post(`/api/admin/bookings/${booking}/guards`, { guardProfileIds: [a, b] })).status).toBe(200);
    const statuses = (await Promise.all(Array.from({ length: 10 }, () => remove(admin, booking, a)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    expect(await noticesOf(a)).toHaveLength(2);
    expect(await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'booking.unstaff'))).toHaveLength(1);
  });
});
