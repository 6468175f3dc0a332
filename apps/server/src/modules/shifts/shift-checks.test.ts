/**
 * The guard's day, check-in and check-out at the post: who may, when, what makes a check-in
 * verified at the site, and that ten presses record one.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GuardDayDto, ShiftCheckResultDto } from '@ops/shared/schemas/shifts';
import { bookings } from '../../db/schema/bookings.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { shiftChecks } from '../../db/schema/shifts.ts';
import { HOUR, MINUTE, SHIFT_START, shiftFixtures } from '../../test/shift-fixtures.ts';
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
const message = async (res: Response) => ((await res.json()) as { message: string }).message;
const checksOf = (bookingId: string) => t.database.db.select().from(shiftChecks).where(eq(shiftChecks.bookingId, bookingId));

describe('GET /api/shifts/today', () => {
  it("lists the guard's shifts of today and tomorrow with the client's contact, and when check-in opens", async () => {
    const { guard, bookingId } = await scene();
    at(later(-2 * HOUR));
    const res = await guard.client.get('/api/shifts/today');
    expect(res.status).toBe(200);
    const day = (await res.json()) as GuardDayDto;
    expect(day.today).toBe('2026-12-01');
    expect(day.shifts).toHaveLength(1);
    const [shift] = day.shifts;
    expect(shift).toMatchObject({ bookingId, state: 'upcoming', client: { fullName: 'Amina Hassan', phone: '254711000001' }, canCheckOut: false });
    expect(shift?.checkInOpensAt).toBe(later(-30 * MINUTE).toISOString());
    expect(shift?.checkInRefusal).toBe('Check-in opens 30 minutes before the shift starts, at 07:30.');
    expect(JSON.stringify(day)).not.toContain((await t.database.db.select({ c: bookings.siteCode }).from(bookings))[0]!.c);
  });

  it('is for guards only', async () => {
    const { client } = await scene();
    expect((await t.client().get('/api/shifts/today')).status).toBe(401);
    expect((await client.client.get('/api/shifts/today')).status).toBe(403);
    expect((await (await t.signedInDirectly('admin')).client.get('/api/shifts/today')).status).toBe(403);
    expect((await (await t.signedInDirectly('partner')).client.get('/api/shifts/today')).status).toBe(403);
  });
});

describe('POST /api/shifts/:bookingId/check-in', () => {
  it('opens exactly 30 minutes before the start and says when it opens before that', async () => {
    const { guard, bookingId } = await scene();
    at(later(-30 * MINUTE - 1000));
    const early = await guard.client.post(`/api/shifts/${bookingId}/check-in`, {});
    expect(early.status).toBe(409);
    expect(await message(early)).toBe('Check-in opens 30 minutes before the shift starts, at 07:30.');
    at(later(-30 * MINUTE));
    const res = await guard.client.post(`/api/shifts/${bookingId}/check-in`, {});
    expect(res.status).toBe(201);
    expect((await res.json()) as ShiftCheckResultDto).toMatchObject({ shiftIndex: 0, verified: false, checkedInAt: later(-30 * MINUTE).toISOString() });
  });

  it('is verified at the site with the code, typed any way; a wrong code is refused and writes nothing', async () => {
    const { guard, bookingId, siteCode } = await scene();
    at(later(-10 * MINUTE));
    const wrong = await guard.client.post(`/api/shifts/${bookingId}/check-in`, { siteCode: 'ZZZZZZ' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ fields: { siteCode: expect.stringContaining('not the site code') } });
    expect(await checksOf(bookingId)).toHaveLength(0);
    const typed = `${siteCode.slice(0, 3).toLowerCase()}-${siteCode.slice(3)} `;
    const res = await guard.client.post(`/api/shifts/${bookingId}/check-in`, { siteCode: typed, latitude: -1.3, longitude: 36.8, accuracyMeters: 15 });
    expect((await res.json()) as ShiftCheckResultDto).toMatchObject({ verified: true, verifiedBy: 'code' });
    const [row] = await checksOf(bookingId);
    expect(row).toMatchObject({ inLatitude: -1.3, inLongitude: 36.8, inAccuracyMeters: 15 });
  });

  it("is verified by a position within the distance of the client's pin, and not verified (the operator told) otherwise", async () => {
    const { client, guard, bookingId } = await scene();
    expect((await client.client.put(`/api/bookings/${bookingId}/site-pin`, { latitude: -1.2921, longitude: 36.8219, accuracyMeters: 10 })).status).toBe(
      204,
    );
    at(later(5 * MINUTE));
    const near = await guard.client.post(`/api/shifts/${bookingId}/check-in`, { latitude: -1.2925, longitude: 36.822, accuracyMeters: 25 });
    expect((await near.json()) as ShiftCheckResultDto).toMatchObject({ verified: true, verifiedBy: 'position' });

    const other = await scene();
    await other.client.client.put(`/api/bookings/${other.bookingId}/site-pin`, { latitude: -1.2921, longitude: 36.8219, accuracyMeters: 10 });
    const admin = await t.signedInDirectly('admin');
    const far = await other.guard.client.post(`/api/shifts/${other.bookingId}/check-in`, { latitude: -1.33, longitude: 36.9, accuracyMeters: 25 });
    expect((await far.json()) as ShiftCheckResultDto).toMatchObject({ verified: false, verifiedBy: null });
    const bell = await t.database.db.select().from(notifications).where(eq(notifications.profileId, admin.profileId));
    expect(bell.map((n) => n.message)).toEqual([expect.stringContaining('checked in without being verified at the site')]);
  });

  it("refuses another guard's shift, a second check-in, an unpaid booking and a shift that has ended, each saying why", async () => {
    const { guard, bookingId } = await scene();
    const stranger = await t.signedInDirectly('guard');
    at(later(0));
    const notMine = await stranger.client.post(`/api/shifts/${bookingId}/check-in`, {});
    expect(notMine.status).toBe(404);
    expect(await message(notMine)).toBe('This shift is not one of yours.');
    expect((await guard.client.post(`/api/shifts/${bookingId}/check-in`, {})).status).toBe(201);
    const twice = await guard.client.post(`/api/shifts/${bookingId}/check-in`, {});
    expect(twice.status).toBe(409);
    expect(await message(twice)).toBe('You already checked in to this shift at 08:00.');

    const unpaid = await scene({ status: 'pending' });
    expect(await message(await unpaid.guard.client.post(`/api/shifts/${unpaid.bookingId}/check-in`, {}))).toBe(
      'Only a paid, confirmed booking can be checked in to.',
    );
    const ended = await scene();
    at(later(8 * HOUR));
    expect(await message(await ended.guard.client.post(`/api/shifts/${ended.bookingId}/check-in`, {}))).toBe(
      'This shift has ended, so it can no longer be checked in to.',
    );
  });

  it('ten check-ins pressed at once record one', async () => {
    const { guard, bookingId } = await scene();
    at(later(0));
    const answers = await Promise.all(Array.from({ length: 10 }, () => guard.client.post(`/api/shifts/${bookingId}/check-in`, {})));
    expect(answers.map((r) => r.status).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
    expect(await checksOf(bookingId)).toHaveLength(1);
  });

  it('refuses positions out of range, a negative accuracy, half a position and unknown fields, writing nothing', async () => {
    const { guard, bookingId } = await scene();
    at(later(0));
    const bad: [unknown, string][] = [
      [{ latitude: 91, longitude: 36.8, accuracyMeters: 5 }, 'latitude'],
      [{ latitude: -1.3, longitude: -181, accuracyMeters: 5 }, 'longitude'],
      [{ latitude: -1.3, longitude: 36.8, accuracyMeters: -1 }, 'accuracyMeters'],
      [{ latitude: -1.3 }, 'latitude'],
      [{ siteCode: 'X'.repeat(21) }, 'siteCode'],
      [{ admin: true }, ''],
    ];
    for (const [body, field] of bad) {
      const res = await guard.client.post(`/api/shifts/${bookingId}/check-in`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (field) expect(((await res.json()) as { fields: Record<string, string> }).fields).toHaveProperty(field);
    }
    expect((await guard.client.post('/api/shifts/not-a-uuid/check-in', {})).status).toBe(400);
    expect(await checksOf(bookingId)).toHaveLength(0);
  });

  it('a shift across midnight is open until its end the next day; a monthly booking is checked in to once a day', async () => {
    const night = await scene({ start: new Date('2026-12-01T20:00:00+03:00'), hours: 10 });
    at(new Date('2026-12-02T01:00:00+03:00'));
    expect((await night.guard.client.post(`/api/shifts/${night.bookingId}/check-in`, {})).status).toBe(201);

    const monthly = await scene({ start: SHIFT_START, hours: 30 * 24, bookingType: 'monthly' });
    at(later(0));
    expect((await monthly.guard.client.post(`/api/shifts/${monthly.bookingId}/check-in`, {})).status).toBe(201);
    expect((await monthly.guard.client.post(`/api/shifts/${monthly.bookingId}/check-out`, {})).status).toBe(200);
    at(later(24 * HOUR + 5 * MINUTE));
    const dayTwo = await monthly.guard.client.post(`/api/shifts/${monthly.bookingId}/check-in`, {});
    expect((await dayTwo.json()) as ShiftCheckResultDto).toMatchObject({ shiftIndex: 1 });
    expect(await checksOf(monthly.bookingId)).toHaveLength(2);
  });
});

describe('POST /api/shifts/:bookingId/check-out', () => {
  it('needs a check-in, records once, and is refused once the booking is closed', async () => {
    const { guard, bookingId } = await scene();
    at(later(0));
    expect(await message(await guard.client.post(`/api/shifts/${bookingId}/check-out`, {}))).toBe('Check in before you check out.');
    await guard.client.post(`/api/shifts/${bookingId}/check-in`, {});
    at(later(8 * HOUR + 2 * MINUTE));
    const out = await guard.client.post(`/api/shifts/${bookingId}/check-out`, { latitude: -1.3, longitude: 36.8, accuracyMeters: 8 });
    expect((await out.json()) as ShiftCheckResultDto).toMatchObject({ checkedOutAt: later(8 * HOUR + 2 * MINUTE).toISOString() });
    expect(await message(await guard.client.post(`/api/shifts/${bookingId}/check-out`, {}))).toBe('You already checked out of this shift at 16:02.');
    await t.database.db.update(bookings).set({ status: 'completed' }).where(eq(bookings.id, bookingId));
    expect((await guard.client.post(`/api/shifts/${bookingId}/check-out`, {})).status).toBe(409);
  });
});

describe('the site: GET /api/bookings/:id/site, PUT/DELETE …/site-pin', () => {
  it("shows the booking's client and admins the code and a QR code to the guard's check-in; nobody else", async () => {
    const { client, guard, bookingId, siteCode } = await scene();
    const res = await client.client.get(`/api/bookings/${bookingId}/site`);
    expect(res.status).toBe(200);
    const site = (await res.json()) as { siteCode: string; checkInUrl: string; qrSvg: string; pin: null };
    expect(site.siteCode).toBe(siteCode);
    expect(site.siteCode).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect(site.checkInUrl).toContain(`/dashboard?checkin=${bookingId}&code=${siteCode}`);
    expect(site.qrSvg).toMatch(/^<svg/);
    expect((await (await t.signedInDirectly('admin')).client.get(`/api/bookings/${bookingId}/site`)).status).toBe(200);
    expect((await (await t.signedInDirectly('client')).client.get(`/api/bookings/${bookingId}/site`)).status).toBe(404);
    expect((await guard.client.get(`/api/bookings/${bookingId}/site`)).status).toBe(403);
    expect((await (await t.signedInDirectly('partner')).client.get(`/api/bookings/${bookingId}/site`)).status).toBe(403);
    expect((await t.client().get(`/api/bookings/${bookingId}/site`)).status).toBe(401);
  });

  it('lets only its client pin and unpin the site, while the booking is to be worked', async () => {
    const { client, bookingId } = await scene();
    const pin = { latitude: -1.2921, longitude: 36.8219, accuracyMeters: 12 };
    expect((await (await t.signedInDirectly('client')).client.put(`/api/bookings/${bookingId}/site-pin`, pin)).status).toBe(404);
    expect((await client.client.put(`/api/bookings/${bookingId}/site-pin`, { ...pin, latitude: 200 })).status).toBe(400);
    expect((await client.client.put(`/api/bookings/${bookingId}/site-pin`, pin)).status).toBe(204);
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row).toMatchObject({ siteLatitude: -1.2921, siteLongitude: 36.8219 });
    expect((await client.client.delete(`/api/bookings/${bookingId}/site-pin`)).status).toBe(204);
    await t.database.db.update(bookings).set({ status: 'completed' }).where(eq(bookings.id, bookingId));
    const closed = await client.client.put(`/api/bookings/${bookingId}/site-pin`, pin);
    expect(closed.status).toBe(409);
  });
});
