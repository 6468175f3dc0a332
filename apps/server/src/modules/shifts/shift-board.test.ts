/** The console's Today board and replacing a guard from it. */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BoardDto } from '@ops/shared/schemas/shifts';
import { auditEvents } from '../../db/schema/audit.ts';
import { bookingGuards } from '../../db/schema/booking-guards.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { deploymentReady, insertGuard } from '../../test/fixtures.ts';
import { fileReport } from '../../test/incident-form.ts';
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

async function board(client: { get(path: string): Promise<Response> }, query = ''): Promise<BoardDto> {
  const res = await client.get(`/api/admin/shifts/today${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as BoardDto;
}

describe('GET /api/admin/shifts/today', () => {
  it("lists the day's shifts with each guard's state as the clock moves, problems first", async () => {
    const admin = await t.signedInDirectly('admin');
    const worked = await scene();
    const missing = await scene();
    const night = await scene({ start: new Date('2026-11-30T20:00:00+03:00'), hours: 14 });
    const tomorrow = await scene({ start: new Date('2026-12-02T08:00:00+03:00') });
    at(later(-HOUR));
    let day = await board(admin.client);
    expect(day.today).toBe('2026-12-01');
    expect(day.items.map((r) => r.bookingId)).not.toContain(tomorrow.bookingId);
    expect(day.items.find((r) => r.bookingId === worked.bookingId)?.state).toBe('upcoming');

    at(later(0));
    await worked.guard.client.post(`/api/shifts/${worked.bookingId}/check-in`, {});
    await night.guard.client.post(`/api/shifts/${night.bookingId}/check-in`, {});
    at(later(15 * MINUTE));
    day = await board(admin.client);
    expect(day.items[0]).toMatchObject({ bookingId: missing.bookingId, state: 'late', guard: { fullName: 'Peter Otieno' } });
    expect(day.items.find((r) => r.bookingId === worked.bookingId)).toMatchObject({ state: 'on_post', check: { verified: false } });
    expect(day.items.find((r) => r.bookingId === night.bookingId)).toMatchObject({ state: 'on_post' });
    expect(day.counts).toMatchObject({ late: 1, on_post: 2, no_show: 0 });

    at(later(HOUR));
    day = await board(admin.client);
    expect(day.items[0]).toMatchObject({ bookingId: missing.bookingId, state: 'no_show' });
  });

  it("shows a finished shift as done, one with an incident filed, an empty seat, a monthly booking's day and last night's shift only while it is on", async () => {
    const admin = await t.signedInDirectly('admin');
    const short = await scene({ hours: 2 });
    const reported = await scene();
    const team = await scene();
    await t.database.db.update(bookings).set({ teamSize: 2 }).where(eq(bookings.id, team.bookingId));
    const monthly = await scene({ start: new Date('2026-11-26T08:00:00+03:00'), hours: 30 * 24, bookingType: 'monthly' });
    const lastNight = await scene({ start: new Date('2026-11-30T22:00:00+03:00'), hours: 8 });
    at(later(-3 * HOUR));
    expect((await board(admin.client)).items.map((r) => r.bookingId)).toContain(lastNight.bookingId);
    at(later(0));
    for (const s of [short, reported, team]) expect((await s.guard.client.post(`/api/shifts/${s.bookingId}/check-in`, {})).status).toBe(201);
    at(later(2 * HOUR));
    expect((await short.guard.client.post(`/api/shifts/${short.bookingId}/check-out`, {})).status).toBe(200);
    at(later(2 * HOUR + 5 * MINUTE));
    const incident = {
      type: 'intrusion',
      severity: 'low',
      occurredAt: later(2 * HOUR).toISOString(),
      description: 'A man tried the back gate and left when challenged.',
    };
    expect((await fileReport(reported.guard.client, reported.bookingId, incident)).status).toBe(201);

    at(later(3 * HOUR));
    const day = await board(admin.client);
    const rowsOf = (id: string) => day.items.filter((r) => r.bookingId === id);
    expect(rowsOf(lastNight.bookingId)).toEqual([]);
    expect(rowsOf(monthly.bookingId)).toEqual([expect.objectContaining({ shiftIndex: 5, start: SHIFT_START.toISOString(), state: 'no_show' })]);
    expect(rowsOf(reported.bookingId)).toEqual([expect.objectContaining({ state: 'incident', incidents: 1 })]);
    expect(rowsOf(short.bookingId)).toEqual([
      expect.objectContaining({ state: 'done', check: expect.objectContaining({ checkedOutAt: later(2 * HOUR).toISOString() }) }),
    ]);
    expect(rowsOf(team.bookingId).map((r) => [r.state, r.guard?.fullName ?? null])).toEqual([
      ['unstaffed', null],
      ['on_post', 'Peter Otieno'],
    ]);
    expect(day.items.map((r) => r.state)).toEqual(['no_show', 'incident', 'unstaffed', 'on_post', 'done']);
    expect(day.counts).toMatchObject({ no_show: 1, incident: 1, unstaffed: 1, on_post: 1, done: 1, late: 0, upcoming: 0 });
  });

  it("shows a page at a time, or one state's shifts, while the counts stay the whole day's; a bad query is refused", async () => {
    const admin = await t.signedInDirectly('admin');
    const scenes = [await scene(), await scene(), await scene()];
    at(later(0));
    expect((await scenes[1]!.guard.client.post(`/api/shifts/${scenes[1]!.bookingId}/check-in`, {})).status).toBe(201);
    at(later(20 * MINUTE));
    const late = await board(admin.client, '?state=late&pageSize=10');
    expect(late.items.map((r) => r.state)).toEqual(['late', 'late']);
    expect(late).toMatchObject({ total: 2, page: 1, pageSize: 10, counts: { late: 2, on_post: 1 } });
    const first = await board(admin.client, '?pageSize=10');
    expect(first.items.map((r) => r.state)).toEqual(['late', 'late', 'on_post']);
    const beyond = await board(admin.client, '?page=2&pageSize=10');
    expect(beyond).toMatchObject({ items: [], total: 3, page: 2 });
    for (const query of ['?state=asleep', '?pageSize=7', '?page=0']) {
      const res = await admin.client.get(`/api/admin/shifts/today${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { fields?: Record<string, string> }).fields, query).toBeDefined();
    }
  });

  it('is for admins only', async () => {
    const { client, guard } = await scene();
    expect((await t.client().get('/api/admin/shifts/today')).status).toBe(401);
    expect((await client.client.get('/api/admin/shifts/today')).status).toBe(403);
    expect((await guard.client.get('/api/admin/shifts/today')).status).toBe(403);
    expect((await (await t.signedInDirectly('partner')).client.get('/api/admin/shifts/today')).status).toBe(403);
  });
});

describe('POST /api/admin/bookings/:id/replace-guard', () => {
  it('puts an eligible free guard on in place of the late one, tells both guards and the client, audited; two presses replace once', async () => {
    const admin = await t.signedInDirectly('admin');
    const other = await t.signedInDirectly('admin');
    const { client, guard, bookingId } = await scene();
    const standIn = await insertGuard(t.database.db, { fullName: 'Faith Wanjiru', phone: '254733000003', ...deploymentReady() });
    at(later(20 * MINUTE));
    const offered = await admin.client.get(`/api/admin/bookings/${bookingId}/replacements`);
    expect(((await offered.json()) as { items: { profileId: string }[] }).items.map((g) => g.profileId)).toContain(standIn);

    const body = { fromGuardProfileId: guard.profileId, toGuardProfileId: standIn };
    const answers = await Promise.all([
      admin.client.post(`/api/admin/bookings/${bookingId}/replace-guard`, body),
      other.client.post(`/api/admin/bookings/${bookingId}/replace-guard`, body),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([204, 409]);
    const on = await t.database.db.select().from(bookingGuards).where(eq(bookingGuards.bookingId, bookingId));
    expect(on.map((g) => g.guardProfileId)).toEqual([standIn]);
    const bell = async (id: string) => (await t.database.db.select().from(notifications).where(eq(notifications.profileId, id))).map((n) => n.message);
    expect(await bell(guard.profileId)).toEqual([expect.stringContaining('You are no longer on booking')]);
    expect(await bell(standIn)).toEqual([expect.stringContaining('New job: booking')]);
    expect(await bell(client.profileId)).toEqual([expect.stringContaining('Faith Wanjiru takes over from Peter Otieno')]);
    expect(await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'booking.replace_guard'))).toHaveLength(1);
    // A bell may go unseen in a hurry: both guards are texted, once.
    await t.runJobs('send-shift-sms');
    expect(t.sms.messages.map((m) => [m.to, m.message])).toEqual([
      ['254733000003', expect.stringMatching(/^New shift: you take over booking OPS-T\d+ from Peter Otieno: .*Karen.*Check in from 'Today'/)],
      ['254722000002', expect.stringMatching(/^You are no longer on booking OPS-T\d+: Faith Wanjiru takes over\. Do not go to the post\.$/)],
    ]);

    at(later(25 * MINUTE));
    const day = await board(admin.client);
    expect(day.items.find((r) => r.bookingId === bookingId)).toMatchObject({ guard: { fullName: 'Faith Wanjiru' } });
  });

  it('refuses a guard who is not deployment ready or is busy then, and bad input, changing nothing', async () => {
    const admin = await t.signedInDirectly('admin');
    const { guard, bookingId } = await scene();
    const busy = await scene();
    const notReady = await insertGuard(t.database.db, { fullName: 'Kevin Mwangi', fitForDuty: false });
    at(later(20 * MINUTE));
    const refused = await admin.client.post(`/api/admin/bookings/${bookingId}/replace-guard`, {
      fromGuardProfileId: guard.profileId,
      toGuardProfileId: notReady,
    });
    expect(refused.status).toBe(409);
    const taken = await admin.client.post(`/api/admin/bookings/${bookingId}/replace-guard`, {
      fromGuardProfileId: guard.profileId,
      toGuardProfileId: busy.guard.profileId,
    });
    expect(taken.status).toBe(409);
    expect((await admin.client.post(`/api/admin/bookings/${bookingId}/replace-guard`, { fromGuardProfileId: 'x' })).status).toBe(400);
    const on = await t.database.db.select().from(bookingGuards).where(eq(bookingGuards.bookingId, bookingId));
    expect(on.map((g) => g.guardProfileId)).toEqual([guard.profileId]);
  });
});
