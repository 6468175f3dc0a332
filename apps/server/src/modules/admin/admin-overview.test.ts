import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminOverviewDto } from '@ops/shared/schemas/admin';
import { bookingGuards } from '../../db/schema/booking-guards.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { guards } from '../../db/schema/guards.ts';
import { insertBooking, insertGuard } from '../../test/fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { mondayOf, nairobiMonth } from './admin-overview.service.ts';

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

/** Sunday 15 November 2026, noon in Nairobi. */
const NOW = new Date('2026-11-15T09:00:00Z');

async function completedOn(clientProfileId: string, createdAt: string, price: number, status: 'completed' | 'confirmed' | 'cancelled' = 'completed') {
  const id = await insertBooking(t.database.db, { clientProfileId, status, price });
  await t.database.db
    .update(bookings)
    .set({ createdAt: new Date(createdAt) })
    .where(eq(bookings.id, id));
  return id;
}

describe('the calendar the overview counts in', () => {
  it('finds the Nairobi month and the Monday of a week', () => {
    expect(nairobiMonth('2026-12-31')).toEqual({ first: '2026-12-01', next: '2027-01-01' });
    expect(nairobiMonth('2026-02-10')).toEqual({ first: '2026-02-01', next: '2026-03-01' });
    expect(['2026-11-09', '2026-11-12', '2026-11-15'].map(mondayOf)).toEqual(['2026-11-09', '2026-11-09', '2026-11-09']);
    expect(mondayOf('2026-11-16')).toBe('2026-11-16');
  });
});

describe('GET /api/admin/overview', () => {
  it('counts guards, clients and bookings, and this Nairobi month’s revenue of completed bookings', async () => {
    t.deps.clock = () => NOW;
    const admin = await t.signedInDirectly('admin');
    const client = await t.signedInDirectly('client', { fullName: 'Njoroge Holdings', isCompany: true, companyName: 'Njoroge Holdings Ltd' });
    await t.signedInDirectly('client');
    await insertGuard(t.database.db, { fullName: 'Approved One' });
    await insertGuard(t.database.db, { fullName: 'Approved Two' });
    const pending = await insertGuard(t.database.db, { fullName: 'Waiting Wambui', status: 'pending', createdAt: new Date('2026-11-01T08:00:00Z') });
    await insertGuard(t.database.db, { fullName: 'Under Review', status: 'pending_approval', createdAt: new Date('2026-11-10T08:00:00Z') });
    await insertGuard(t.database.db, { fullName: 'Turned Away', status: 'rejected', rejectionReason: 'No CV' });

    const c = client.profileId;
    await completedOn(c, '2026-11-10T10:00:00Z', 10_000); // this month
    await completedOn(c, '2026-10-31T22:00:00Z', 2_000); // 1 November 01:00 in Nairobi (31 October in UTC): this month
    await completedOn(c, '2026-10-31T20:59:00Z', 4_000); // 31 October 23:59 in Nairobi: last month
    await completedOn(c, '2026-10-20T10:00:00Z', 8_000); // last month
    await completedOn(c, '2026-11-11T10:00:00Z', 50_000, 'confirmed'); // not completed: active, no revenue
    await completedOn(c, '2026-11-12T10:00:00Z', 70_000, 'cancelled');
    await insertBooking(t.database.db, { clientProfileId: c, status: 'pending', startTime: new Date('2026-11-20T06:00:00Z') });

    const res = await admin.client.get('/api/admin/overview');
    expect(res.status).toBe(200);
    const overview = (await res.json()) as AdminOverviewDto;
    expect(overview.stats).toEqual({
      totalGuards: 5,
      approvedGuards: 2,
      pendingApprovals: 2,
      totalClients: 2,
      activeBookings: 2,
      completedBookings: 4,
      monthlyRevenue: 12_000,
      lateCancellations: 0,
    });

    expect(overview.revenueByWeek).toHaveLength(12);
    expect(overview.revenueByWeek[0]!.weekStart).toBe('2026-08-24');
    expect(overview.revenueByWeek.at(-1)).toEqual({ weekStart: '2026-11-09', revenue: 10_000 });
    const week = (start: string) => overview.revenueByWeek.find((w) => w.weekStart === start)?.revenue;
    // Nairobi weeks start on Monday: 31 Oct 23:59 and 1 Nov 01:00 (Nairobi) are both in the week of Monday 26 October.
    expect(week('2026-10-26')).toBe(6_000);
    expect(week('2026-10-19')).toBe(8_000);
    expect(overview.revenueByWeek.reduce((sum, w) => sum + w.revenue, 0)).toBe(24_000);

    expect(overview.attention.pendingGuards.map((g) => g.fullName)).toEqual(['Waiting Wambui', 'Under Review']);
    expect(overview.attention.pendingGuards[0]).toEqual({ profileId: pending, fullName: 'Waiting Wambui', createdAt: '2026-11-01T08:00:00.000Z' });
    expect(overview.attention.totals.pendingGuards).toBe(2);
  });

  it('lists credentials to see to: expired, then missing (approved guards only), then expiring within 30 days', async () => {
    t.deps.clock = () => NOW;
    const admin = await t.signedInDirectly('admin');
    const set = (id: string, values: Partial<typeof guards.$inferInsert>) => t.database.db.update(guards).set(values).where(eq(guards.profileId, id));
    const full = {
      psraLicenceNumber: 'PSRA-7781',
      psraLicenceExpiresOn: '2027-11-01',
      policeClearanceIssuedOn: '2026-06-01',
      policeClearanceExpiresOn: '2027-06-01',
    };
    await set(await insertGuard(t.database.db, { fullName: 'All Fine' }), full);
    await set(await insertGuard(t.database.db, { fullName: 'Expiring Soon' }), { ...full, psraLicenceExpiresOn: '2026-12-01' });
    await set(await insertGuard(t.database.db, { fullName: 'Expired Already' }), { ...full, policeClearanceExpiresOn: '2026-11-14' });
    await set(await insertGuard(t.database.db, { fullName: 'Missing Clearance' }), {
      ...full,
      policeClearanceIssuedOn: null,
      policeClearanceExpiresOn: null,
    });
    await set(await insertGuard(t.database.db, { fullName: 'Pending Missing', status: 'pending' }), { ...full, psraLicenceNumber: null });
    await set(await insertGuard(t.database.db, { fullName: 'Rejected Expired', status: 'rejected' }), { ...full, psraLicenceExpiresOn: '2026-01-01' });

    const overview = (await (await admin.client.get('/api/admin/overview')).json()) as AdminOverviewDto;
    expect(overview.attention.credentials).toEqual([
      expect.objectContaining({ fullName: 'Expired Already', credential: 'police_clearance', state: 'expired', expiresOn: '2026-11-14' }),
      expect.objectContaining({ fullName: 'Missing Clearance', credential: 'police_clearance', state: 'missing', expiresOn: null }),
      expect.objectContaining({ fullName: 'Expiring Soon', credential: 'psra_licence', state: 'expiring', expiresOn: '2026-12-01' }),
    ]);
    expect(overview.attention.totals.credentials).toBe(3);
  });

  it('lists paid bookings that still need a guard, soonest first, named by service and client', async () => {
    const admin = await t.signedInDirectly('admin');
    const client = await t.signedInDirectly('client', { fullName: 'Amina Hassan' });
    const guard = await insertGuard(t.database.db);
    const later = await insertBooking(t.database.db, {
      clientProfileId: client.profileId,
      status: 'confirmed',
      startTime: new Date(Date.now() + 5 * 86_400_000),
    });
    const sooner = await insertBooking(t.database.db, {
      clientProfileId: client.profileId,
      status: 'confirmed',
      startTime: new Date(Date.now() + 2 * 86_400_000),
    });
    await insertBooking(t.database.db, {
      clientProfileId: client.profileId,
      guardProfileId: guard,
      status: 'confirmed',
      startTime: new Date(Date.now() + 3 * 86_400_000),
    });
    await insertBooking(t.database.db, { clientProfileId: client.profileId, status: 'pending', startTime: new Date(Date.now() + 4 * 86_400_000) });

    const overview = (await (await admin.client.get('/api/admin/overview')).json()) as AdminOverviewDto;
    expect(overview.attention.unstaffedBookings.map((b) => b.id)).toEqual([sooner, later]);
    expect(overview.attention.unstaffedBookings[0]).toMatchObject({
      serviceLabel: 'Personal Guard',
      clientName: 'Amina Hassan',
      reference: expect.any(String),
    });
    expect(overview.attention.totals.unstaffedBookings).toBe(2);
  });

  it('lists a paid team booking while it has fewer guards than its team size, and not once it has them all', async () => {
    const admin = await t.signedInDirectly('admin');
    const client = await t.signedInDirectly('client', { fullName: 'Kamau Holdings' });
    const [first, second, third] = [await insertGuard(t.database.db), await insertGuard(t.database.db), await insertGuard(t.database.db)];
    const team = async (teamSize: number, days: number) => {
      const id = await insertBooking(t.database.db, {
        clientProfileId: client.profileId,
        guardProfileId: first,
        status: 'confirmed',
        startTime: new Date(Date.now() + days * 86_400_000),
      });
      await t.database.db.update(bookings).set({ teamSize }).where(eq(bookings.id, id));
      return id;
    };
    const lacking = await team(3, 2);
    const full = await team(2, 4);
    const booking = (await t.database.db.select().from(bookings).where(eq(bookings.id, full)))[0]!;
    await t.database.db
      .insert(bookingGuards)
      .values({ bookingId: full, guardProfileId: second, startTime: booking.startTime, endTime: booking.endTime, live: true });
    const lackingRow = (await t.database.db.select().from(bookings).where(eq(bookings.id, lacking)))[0]!;
    await t.database.db
      .insert(bookingGuards)
      .values({ bookingId: lacking, guardProfileId: third, startTime: lackingRow.startTime, endTime: lackingRow.endTime, live: true });

    const overview = (await (await admin.client.get('/api/admin/overview')).json()) as AdminOverviewDto;
    expect(overview.attention.unstaffedBookings.map((b) => b.id)).toEqual([lacking]);
    expect(overview.attention.totals.unstaffedBookings).toBe(1);
  });
  it('counts the paid bookings clients cancelled this Nairobi month with less notice than the policy’s longer window', async () => {
    t.deps.clock = () => NOW;
    const admin = await t.signedInDirectly('admin');
    const client = await t.signedInDirectly('client');
    const cancelled = async (cancelledAt: string, hoursBefore: number, by: 'client' | 'admin' | 'system' = 'client', paid = true) => {
      const id = await insertBooking(t.database.db, { clientProfileId: client.profileId, status: 'cancelled' });
      const at = new Date(cancelledAt);
      await t.database.db
        .update(bookings)
        .set({
          cancelledAt: at,
          cancelledBy: by,
          confirmedAt: paid ? new Date(at.getTime() - 86_400_000) : null,
          startTime: new Date(at.getTime() + hoursBefore * 3_600_000),
          endTime: new Date(at.getTime() + (hoursBefore + 8) * 3_600_000),
        })
        .where(eq(bookings.id, id));
    };
    await cancelled('2026-11-10T10:00:00Z', 30); // late: 30 hours' notice
    await cancelled('2026-11-11T10:00:00Z', 48); // late: exactly 48 hours is not more than 48
    await cancelled('2026-11-12T10:00:00Z', -2); // after the start
    await cancelled('2026-11-12T11:00:00Z', 49); // early enough
    await cancelled('2026-11-12T12:00:00Z', 10, 'admin'); // the office cancelled it
    await cancelled('2026-11-12T13:00:00Z', 10, 'client', false); // never paid
    await cancelled('2026-10-31T20:00:00Z', 10); // 31 October 23:00 in Nairobi: last month
    const read = async () => ((await (await admin.client.get('/api/admin/overview')).json()) as AdminOverviewDto).stats.lateCancellations;
    expect(await read()).toBe(3);

    // The operator's longer window is what 'late' means.
    await admin.client.put('/api/admin/settings', {
      companyName: 'OPS Security',
      slogan: 'Select and Deploy the Best.',
      primaryColor: '#0F1E36',
      defaultBookingDurationHours: 8,
      maxAdvanceBookingDays: 30,
      platformCommissionPercent: 5,
      autoApproveGuards: false,
      cancelFullNoticeHours: 72,
    });
    expect(await read()).toBe(4);
  });
});
