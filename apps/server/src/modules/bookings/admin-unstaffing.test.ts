/**
 * Taking a guard off a booking from the console: the team's places, who is told, what is refused,
 * and that racing presses take the guard off once.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminOverviewDto } from '@ops/shared/schemas/admin';
import type { AdminBookingRow, BookingCandidates } from '@ops/shared/schemas/admin-bookings';
import { auditEvents } from '../../db/schema/audit.ts';
import { bookingGuards } from '../../db/schema/booking-guards.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { guards } from '../../db/schema/guards.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { deploymentReady, insertGuard } from '../../test/fixtures.ts';
import { rowCounts } from '../../test/row-counts.ts';
import { HOUR, message, START, staffingFixtures } from '../../test/staffing-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
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

const { paidBooking, scene } = staffingFixtures(() => t);

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
