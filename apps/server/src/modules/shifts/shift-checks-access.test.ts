/**
 * Who may check in and out, pin a site and read the guard's day, as each kind of person sees it;
 * where the window closes; which days the guard's 'Today' holds; and bodies no phone should send.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GuardDayDto, ShiftCheckResultDto } from '@ops/shared/schemas/shifts';
import { bookingGuards } from '../../db/schema/booking-guards.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { shiftChecks } from '../../db/schema/shifts.ts';
import { HOUR, MINUTE, SHIFT_START, shiftFixtures } from '../../test/shift-fixtures.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';

let factory: TestDatabaseFactory;
let t: TestContext;
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());
beforeEach(async () => {
  t = await createTestContext(factory, { maxConnections: 20 });
});
afterEach(() => t.close());

const { at, scene } = shiftFixtures(() => t);
const later = (ms: number) => new Date(SHIFT_START.getTime() + ms);
const checksOf = (bookingId: string) => t.database.db.select().from(shiftChecks).where(eq(shiftChecks.bookingId, bookingId));
const siteOf = async (bookingId: string) =>
  (await t.database.db.select({ lat: bookings.siteLatitude, lng: bookings.siteLongitude }).from(bookings).where(eq(bookings.id, bookingId)))[0];

/** The booking's scene and everyone else who might try: a guest, another client and guard, a partner, an admin. */
async function everyone() {
  const s = await scene();
  const others: [string, TestClient, number][] = [
    ['a guest', t.client(), 401],
    ['the booking’s client', s.client.client, 403],
    ['another client', (await t.signedInDirectly('client')).client, 403],
    ['a partner', (await t.signedInDirectly('partner')).client, 403],
    ['an admin', (await t.signedInDirectly('admin')).client, 403],
    ['another guard', (await t.signedInDirectly('guard')).client, 404],
  ];
  return { ...s, others };
}

describe('who may check in and out', () => {
  it('only the guard on the booking; everyone else is refused and nothing is recorded', async () => {
    const { guard, bookingId, others } = await everyone();
    at(later(0));
    for (const [who, client, status] of others) {
      expect((await client.post(`/api/shifts/${bookingId}/check-in`, {})).status, who).toBe(status);
    }
    expect(await checksOf(bookingId)).toHaveLength(0);
    expect((await guard.client.post(`/api/shifts/${bookingId}/check-in`, {})).status).toBe(201);
    for (const [who, client, status] of others) {
      expect((await client.post(`/api/shifts/${bookingId}/check-out`, {})).status, who).toBe(status);
    }
    expect((await checksOf(bookingId))[0]?.checkedOutAt).toBeNull();
    expect((await guard.client.post(`/api/shifts/${bookingId}/check-out`, {})).status).toBe(200);
  });

  it("another guard's 'Today' does not hold the booking", async () => {
    await scene();
    const stranger = await t.signedInDirectly('guard');
    at(later(-HOUR));
    expect(((await (await stranger.client.get('/api/shifts/today')).json()) as GuardDayDto).shifts).toEqual([]);
  });

  it('a booking not yet paid is refused to its own guard too', async () => {
    const pending = await scene({ status: 'pending' });
    at(later(0));
    const res = await pending.guard.client.post(`/api/shifts/${pending.bookingId}/check-in`, {});
    expect(res.status).toBe(409);
    expect(await checksOf(pending.bookingId)).toHaveLength(0);
  });
});

describe("a monthly booking's next day", () => {
  it('opens half an hour before the day starts, while the day before is still being worked', async () => {
    const monthly = await scene({ hours: 30 * 24, bookingType: 'monthly' });
    const dayOf = async () => ((await (await monthly.guard.client.get('/api/shifts/today')).json()) as GuardDayDto).shifts;
    at(later(24 * HOUR - 30 * MINUTE));
    const [first, second] = await dayOf();
    expect(first).toMatchObject({ shiftIndex: 0, checkInRefusal: 'The next shift is open for check-in now: check in to it.' });
    expect(second).toMatchObject({ shiftIndex: 1, checkInRefusal: null });
    const res = await monthly.guard.client.post(`/api/shifts/${monthly.bookingId}/check-in`, {});
    expect(res.status).toBe(201);
    expect(((await res.json()) as ShiftCheckResultDto).shiftIndex).toBe(1);
    expect((await checksOf(monthly.bookingId)).map((c) => c.shiftIndex)).toEqual([1]);
  });
});

describe('a team on one booking', () => {
  it('each guard checks in and out for themselves: presses at once give one row per guard', async () => {
    const { guard, bookingId } = await scene();
    const second = await t.signedInDirectly('guard');
    await t.database.db.update(bookings).set({ teamSize: 2 }).where(eq(bookings.id, bookingId));
    await t.database.db
      .insert(bookingGuards)
      .values({ bookingId, guardProfileId: second.profileId, startTime: SHIFT_START, endTime: later(8 * HOUR), live: true });
    at(later(-5 * MINUTE));
    const [shift] = ((await (await second.client.get('/api/shifts/today')).json()) as GuardDayDto).shifts;
    expect(shift).toMatchObject({ bookingId, checkInRefusal: null });
    const presses = [guard, second].flatMap((g) => Array.from({ length: 5 }, () => g.client.post(`/api/shifts/${bookingId}/check-in`, {})));
    expect((await Promise.all(presses)).filter((r) => r.status === 201)).toHaveLength(2);
    expect((await checksOf(bookingId)).map((c) => c.guardProfileId).sort()).toEqual([guard.profileId, second.profileId].sort());
    at(later(8 * HOUR));
    expect((await guard.client.post(`/api/shifts/${bookingId}/check-out`, {})).status).toBe(200);
    const rows = await checksOf(bookingId);
    expect(rows.find((c) => c.guardProfileId === second.profileId)?.checkedOutAt).toBeNull();
  });
});

describe('a booking no longer being worked', () => {
  it('says it was cancelled or is complete, on the check-in and on the guard’s Today', async () => {
    const { guard, bookingId } = await scene();
    const stranded = await scene();
    at(later(0));
    await t.database.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, bookingId));
    const cancelled = await guard.client.post(`/api/shifts/${bookingId}/check-in`, {});
    expect(cancelled.status).toBe(409);
    expect(((await cancelled.json()) as { message: string }).message).toBe('This booking was cancelled, so there is no shift to check in to.');

    await t.database.db.update(bookings).set({ status: 'completed' }).where(eq(bookings.id, stranded.bookingId));
    const completed = await stranded.guard.client.post(`/api/shifts/${stranded.bookingId}/check-in`, {});
    expect(((await completed.json()) as { message: string }).message).toBe('This booking is complete, so it can no longer be checked in to.');
    const [listed] = ((await (await stranded.guard.client.get('/api/shifts/today')).json()) as GuardDayDto).shifts;
    expect(listed).toMatchObject({ checkInRefusal: 'This booking is complete, so it can no longer be checked in to.', canCheckOut: false });
    expect(await checksOf(bookingId)).toHaveLength(0);
    expect(await checksOf(stranded.bookingId)).toHaveLength(0);
  });

  it('a booking not yet paid asks for a check-in before a check-out', async () => {
    const pending = await scene({ status: 'pending' });
    at(later(0));
    const res = await pending.guard.client.post(`/api/shifts/${pending.bookingId}/check-out`, {});
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe('Check in before you check out.');
  });
});

describe('who may pin the site', () => {
  it('only the booking’s client; the pin stays as it was after every refusal', async () => {
    const { client, guard, bookingId } = await scene();
    const pin = { latitude: -1.2921, longitude: 36.8219, accuracyMeters: 12 };
    const refusals: [string, TestClient, number][] = [
      ['a guest', t.client(), 401],
      ['another client', (await t.signedInDirectly('client')).client, 404],
      ['the guard on the booking', guard.client, 403],
      ['another guard', (await t.signedInDirectly('guard')).client, 403],
      ['a partner', (await t.signedInDirectly('partner')).client, 403],
      ['an admin', (await t.signedInDirectly('admin')).client, 403],
    ];
    for (const [who, c, status] of refusals) expect((await c.put(`/api/bookings/${bookingId}/site-pin`, pin)).status, who).toBe(status);
    expect(await siteOf(bookingId)).toEqual({ lat: null, lng: null });
    expect((await client.client.put(`/api/bookings/${bookingId}/site-pin`, pin)).status).toBe(204);
    for (const [who, c, status] of refusals) expect((await c.delete(`/api/bookings/${bookingId}/site-pin`)).status, who).toBe(status);
    expect(await siteOf(bookingId)).toEqual({ lat: -1.2921, lng: 36.8219 });
    expect((await client.client.delete(`/api/bookings/${bookingId}/site-pin`)).status).toBe(204);
    expect(await siteOf(bookingId)).toEqual({ lat: null, lng: null });
  });

  it('a cancelled booking cannot be pinned and says why', async () => {
    const { client, bookingId } = await scene();
    await t.database.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, bookingId));
    const res = await client.client.put(`/api/bookings/${bookingId}/site-pin`, { latitude: -1.29, longitude: 36.82, accuracyMeters: 10 });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toContain('still to be worked');
  });

  it('the site code is for the client and admins, not the guard on the booking nor another guard', async () => {
    const { guard, bookingId } = await scene();
    expect((await guard.client.get(`/api/bookings/${bookingId}/site`)).status).toBe(403);
    expect((await (await t.signedInDirectly('guard')).client.get(`/api/bookings/${bookingId}/site`)).status).toBe(403);
  });
});

describe('the window and the days', () => {
  it('is open up to the last second of the shift and closed at its end', async () => {
    const { guard, bookingId } = await scene();
    at(later(8 * HOUR - 1000));
    const res = await guard.client.post(`/api/shifts/${bookingId}/check-in`, {});
    expect(res.status).toBe(201);
    expect(((await res.json()) as ShiftCheckResultDto).checkedInAt).toBe(later(8 * HOUR - 1000).toISOString());
  });

  it("holds today's and tomorrow's shifts, a night shift on both of its days, and not the day after", async () => {
    const night = await scene({ start: new Date('2026-12-01T20:00:00+03:00'), hours: 10 });
    const dayAfter = await scene({ start: new Date('2026-12-02T08:00:00+03:00') });
    const dayOf = async (guard: TestClient) => ((await (await guard.get('/api/shifts/today')).json()) as GuardDayDto).shifts;

    at(new Date('2026-11-30T10:00:00+03:00'));
    expect(await dayOf(night.guard.client)).toHaveLength(1);
    expect(await dayOf(dayAfter.guard.client)).toEqual([]);

    at(new Date('2026-12-02T01:00:00+03:00'));
    const [shift] = await dayOf(night.guard.client);
    // Five hours in without a check-in it is a no-show, and a late arrival can still check in.
    expect(shift).toMatchObject({ bookingId: night.bookingId, state: 'no_show', checkInRefusal: null });
    expect(shift?.end).toBe(new Date('2026-12-02T06:00:00+03:00').toISOString());
  });

  it('says check-in is possible once it opens, and offers check-out after it', async () => {
    const { guard, bookingId } = await scene();
    const dayOf = async () => ((await (await guard.client.get('/api/shifts/today')).json()) as GuardDayDto).shifts[0];
    at(later(-30 * MINUTE));
    expect(await dayOf()).toMatchObject({ checkInRefusal: null, canCheckOut: false });
    await guard.client.post(`/api/shifts/${bookingId}/check-in`, {});
    expect(await dayOf()).toMatchObject({ state: 'on_post', canCheckOut: true, check: { verified: false } });
    expect((await dayOf())?.checkInRefusal).toContain('already checked in');
  });
});

describe('bodies no phone should send', () => {
  it('an accuracy too large for a number, and a position on check-out that is half there, are field errors and write nothing', async () => {
    const { guard, bookingId } = await scene();
    at(later(0));
    const infinite = await guard.client.request(`/api/shifts/${bookingId}/check-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"latitude":-1.3,"longitude":36.8,"accuracyMeters":1e400}',
    });
    expect(infinite.status).toBe(400);
    expect(((await infinite.json()) as { fields: Record<string, string> }).fields).toHaveProperty('accuracyMeters');
    expect(await checksOf(bookingId)).toHaveLength(0);

    await guard.client.post(`/api/shifts/${bookingId}/check-in`, {});
    for (const body of [{ latitude: -1.3, longitude: 36.8 }, { latitude: 'near', longitude: 36.8, accuracyMeters: 5 }, { accuracyMeters: -3 }]) {
      expect((await guard.client.post(`/api/shifts/${bookingId}/check-out`, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await checksOf(bookingId))[0]?.checkedOutAt).toBeNull();
  });

  it('a wrong site code tells nobody and leaves the shift open to check in with the right one', async () => {
    const { guard, bookingId, siteCode } = await scene();
    const admin = await t.signedInDirectly('admin');
    at(later(0));
    expect((await guard.client.post(`/api/shifts/${bookingId}/check-in`, { siteCode: 'WRONG1' })).status).toBe(400);
    expect(await t.database.db.select().from(notifications).where(eq(notifications.profileId, admin.profileId))).toEqual([]);
    const res = await guard.client.post(`/api/shifts/${bookingId}/check-in`, { siteCode });
    expect((await res.json()) as ShiftCheckResultDto).toMatchObject({ verified: true, verifiedBy: 'code' });
    expect(await t.database.db.select().from(notifications).where(eq(notifications.profileId, admin.profileId))).toEqual([]);
  });
});
