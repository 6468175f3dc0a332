/** The console's Today board and replacing a guard from it. */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BoardDto } from '@ops/shared/schemas/shifts';
import { auditEvents } from '../../db/schema/audit.ts';
import { bookingGuards } from '../../db/schema/booking-guards.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { deploymentReady, insertGuard } from '../../test/fixtures.ts';
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

async function board(client: { get(path: string): Promise<Response> }): Promise<BoardDto> {
  const res = await client.get('/api/admin/shifts/today');
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
    expect(day.rows.map((r) => r.bookingId)).not.toContain(tomorrow.bookingId);
    expect(day.rows.find((r) => r.bookingId === worked.bookingId)?.state).toBe('upcoming');

    at(later(0));
    await worked.guard.client.post(`/api/shifts/${worked.bookingId}/check-in`, {});
    await night.guard.client.post(`/api/shifts/${night.bookingId}/check-in`, {});
    at(later(15 * MINUTE));
    day = await board(admin.client);
    expect(day.rows[0]).toMatchObject({ bookingId: missing.bookingId, state: 'late', guard: { fullName: 'Peter Otieno' } });
    expect(day.rows.find((r) => r.bookingId === worked.bookingId)).toMatchObject({ state: 'on_post', check: { verified: false } });
    expect(day.rows.find((r) => r.bookingId === night.bookingId)).toMatchObject({ state: 'on_post' });
    expect(day.counts).toMatchObject({ late: 1, on_post: 2, no_show: 0 });

    at(later(HOUR));
    day = await board(admin.client);
    expect(day.rows[0]).toMatchObject({ bookingId: missing.bookingId, state: 'no_show' });
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
    const standIn = await insertGuard(t.database.db, { fullName: 'Faith Wanjiru', ...deploymentReady() });
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

    at(later(25 * MINUTE));
    const day = await board(admin.client);
    expect(day.rows.find((r) => r.bookingId === bookingId)).toMatchObject({ guard: { fullName: 'Faith Wanjiru' } });
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
