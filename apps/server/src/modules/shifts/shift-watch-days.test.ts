/**
 * The shift watch over days and copies: two watches looking at once send each reminder and each
 * late alert once; a shift across midnight is late and completes on the right day; a monthly
 * booking is reminded only before its first day and each day's late guard is reported that day.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingGuards } from '../../db/schema/booking-guards.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { HOUR, MINUTE, SHIFT_START, shiftFixtures } from '../../test/shift-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { runShiftWatch } from './shift-watch.service.ts';

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

const { at, scene } = shiftFixtures(() => t);
const DAY = 24 * HOUR;
const bellOf = async (profileId: string) =>
  (await t.database.db.select().from(notifications).where(eq(notifications.profileId, profileId))).map((n) => n.message);
const sent = async () => {
  await t.runJobs('send-shift-email');
  await t.runJobs('send-shift-sms');
};
const bookingOf = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
/** Two copies of the server looking at the same moment: two watches run at once on one database. */
const twoCopies = () => Promise.all([runShiftWatch(t.deps), runShiftWatch({ ...t.deps })]);

describe('two copies watching at once', () => {
  it('send each reminder and each late alert once', async () => {
    const { client, guard } = await scene();
    const admin = await t.signedInDirectly('admin');
    at(new Date(SHIFT_START.getTime() - 2 * HOUR));
    await twoCopies();
    await twoCopies();
    await sent();
    expect(await bellOf(guard.profileId)).toEqual([expect.stringContaining('starts in 2 hours')]);
    expect(await bellOf(client.profileId)).toEqual([expect.stringContaining('Peter Otieno will guard Karen')]);
    expect(t.sms.messages.map((m) => m.to).sort()).toEqual(['254711000001', '254722000002']);
    expect(t.mailer.messages).toHaveLength(2);

    at(new Date(SHIFT_START.getTime() + 15 * MINUTE));
    await twoCopies();
    await twoCopies();
    expect((await bellOf(admin.profileId)).filter((m) => m.startsWith('Late:'))).toHaveLength(1);
    expect((await bellOf(client.profileId)).filter((m) => m.includes('has not checked in yet'))).toHaveLength(1);
  });
});

describe('a shift across midnight', () => {
  // 20:00 to 04:00 the next morning, Nairobi.
  const evening = new Date('2026-12-01T20:00:00+03:00');

  it('is late at 20:15 and completes at 04:00 the next day once the guard checked out', async () => {
    const { guard, bookingId } = await scene({ start: evening, hours: 8 });
    const admin = await t.signedInDirectly('admin');
    at(new Date(evening.getTime() + 15 * MINUTE));
    await runShiftWatch(t.deps);
    expect(await bellOf(admin.profileId)).toEqual([expect.stringMatching(/^Late: Peter Otieno .* which started at 20:00\.$/)]);

    await guard.client.post(`/api/shifts/${bookingId}/check-in`, {});
    at(new Date(evening.getTime() + 7 * HOUR + 50 * MINUTE));
    await guard.client.post(`/api/shifts/${bookingId}/check-out`, {});
    await runShiftWatch(t.deps);
    expect((await bookingOf(bookingId)).status).toBe('confirmed');

    const morning = new Date('2026-12-02T04:00:00+03:00');
    at(morning);
    await runShiftWatch(t.deps);
    expect(await bookingOf(bookingId)).toMatchObject({ status: 'completed', completionKind: 'checked_out', completedAt: morning });
  });
});

describe('a monthly booking', () => {
  it('is reminded only before its first day, and a late guard is reported on each day he is late', async () => {
    const { client, guard, bookingId } = await scene({ hours: 30 * 24, bookingType: 'monthly' });
    const admin = await t.signedInDirectly('admin');
    const late = async () => (await bellOf(admin.profileId)).filter((m) => m.startsWith('Late:'));

    at(new Date(SHIFT_START.getTime() - 2 * HOUR));
    await runShiftWatch(t.deps);
    expect(await bellOf(guard.profileId)).toEqual([expect.stringContaining('starts in 2 hours')]);

    // Day one: on time. Day two: the day's reminder moments pass with nothing sent, then he is late.
    at(SHIFT_START);
    await guard.client.post(`/api/shifts/${bookingId}/check-in`, {});
    at(new Date(SHIFT_START.getTime() + DAY - 2 * HOUR));
    await runShiftWatch(t.deps);
    expect(await bellOf(guard.profileId)).toHaveLength(1);
    expect(await late()).toEqual([]);

    at(new Date(SHIFT_START.getTime() + DAY + 15 * MINUTE));
    await runShiftWatch(t.deps);
    await runShiftWatch(t.deps);
    expect(await late()).toEqual([expect.stringContaining('which started at 08:00')]);
    expect((await bellOf(client.profileId)).filter((m) => m.includes('has not checked in yet'))).toHaveLength(1);

    // Day three: late again, a new alert for the new day.
    at(new Date(SHIFT_START.getTime() + 2 * DAY + 15 * MINUTE));
    await runShiftWatch(t.deps);
    expect(await late()).toHaveLength(2);
    expect((await bookingOf(bookingId)).status).toBe('confirmed');
  });
});

describe('a reminder whose moment passed long ago', () => {
  it('is not sent late: a booking paid 10 hours ahead hears only at 2 hours, one paid 30 minutes ahead not at all', async () => {
    const paidEarly = await scene();
    at(new Date(SHIFT_START.getTime() - 10 * HOUR));
    await runShiftWatch(t.deps);
    expect(await bellOf(paidEarly.guard.profileId)).toEqual([]);
    at(new Date(SHIFT_START.getTime() - 2 * HOUR));
    await runShiftWatch(t.deps);
    expect(await bellOf(paidEarly.guard.profileId)).toEqual([expect.stringContaining('starts in 2 hours')]);

    const paidLate = await scene();
    at(new Date(SHIFT_START.getTime() - 30 * MINUTE));
    await runShiftWatch(t.deps);
    expect(await bellOf(paidLate.guard.profileId)).toEqual([]);
    expect(await bellOf(paidLate.client.profileId)).toEqual([]);
  });
});

describe('a guard added after the reminders went', () => {
  it('gets his own reminder; the guard already reminded is not reminded again', async () => {
    const { guard, bookingId } = await scene();
    at(new Date(SHIFT_START.getTime() - 24 * HOUR));
    await runShiftWatch(t.deps);
    const second = await t.signedInDirectly('guard', { fullName: 'Mary Wanjiku', phone: '254744000004' });
    await t.database.db.insert(bookingGuards).values({
      bookingId,
      guardProfileId: second.profileId,
      startTime: SHIFT_START,
      endTime: new Date(SHIFT_START.getTime() + 8 * HOUR),
      live: true,
    });
    at(new Date(SHIFT_START.getTime() - 20 * HOUR));
    await runShiftWatch(t.deps);
    expect(await bellOf(second.profileId)).toEqual([expect.stringMatching(/^Reminder: your shift on booking OPS-T\d+ starts in 20 hours: Karen/)]);
    expect(await bellOf(guard.profileId)).toHaveLength(1);
  });
});

describe('a booking short of guards at its end', () => {
  it('is not completed on its own; the operator is told once', async () => {
    const { guard, bookingId } = await scene();
    await t.database.db.update(bookings).set({ teamSize: 2 }).where(eq(bookings.id, bookingId));
    const admin = await t.signedInDirectly('admin');
    at(SHIFT_START);
    await guard.client.post(`/api/shifts/${bookingId}/check-in`, {});
    at(new Date(SHIFT_START.getTime() + 8 * HOUR));
    await guard.client.post(`/api/shifts/${bookingId}/check-out`, {});
    await runShiftWatch(t.deps);
    await runShiftWatch(t.deps);
    expect((await bookingOf(bookingId)).status).toBe('confirmed');
    expect((await bellOf(admin.profileId)).filter((m) => m.includes('could not complete on its own'))).toHaveLength(1);
  });
});
