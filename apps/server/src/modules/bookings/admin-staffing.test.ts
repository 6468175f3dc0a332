/**
 * Staffing bookings that lack guards from the console: who is offered, what is refused, and that
 * one overlap rule holds across client bookings and staffing, even when requests race (on
 * PostgreSQL they really run side by side; on PGlite one after another).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDaysToDate, nairobiDate } from '@ops/shared/domain/nairobi-time';
import type { AdminBookingRow, BookingCandidates } from '@ops/shared/schemas/admin-bookings';
import type { BookingPageDto } from '@ops/shared/schemas/bookings';
import { auditEvents } from '../../db/schema/audit.ts';
import { bookingGuards } from '../../db/schema/booking-guards.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { guards } from '../../db/schema/guards.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { deploymentReady, insertBooking, insertGuard } from '../../test/fixtures.ts';
import { rowCounts } from '../../test/row-counts.ts';
import { HOUR, message, START, staffingFixtures } from '../../test/staffing-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { GUARD_BUSY_MESSAGE } from './booking-create.service.ts';

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

const { paidBooking, scene } = staffingFixtures(() => t);

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
