/**
 * The shift watch with the clock moved: reminders at exactly 24 h and 2 h, once however often it
 * runs; late alerts at the start plus the grace; check-out prompts and flags; completion on its own.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema/bookings.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { settings } from '../../db/schema/settings.ts';
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
const later = (ms: number) => new Date(SHIFT_START.getTime() + ms);
const watch = () => runShiftWatch(t.deps);
const bellOf = async (profileId: string) =>
  (await t.database.db.select().from(notifications).where(eq(notifications.profileId, profileId))).map((n) => n.message);
const sent = async () => {
  await t.runJobs('send-shift-email');
  await t.runJobs('send-shift-sms');
};
const bookingOf = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

describe('reminders', () => {
  it('go 24 hours and 2 hours before the start, not a minute sooner, to the client and the guard by SMS and e-mail, once', async () => {
    const { client, guard } = await scene();
    at(later(-24 * HOUR - MINUTE));
    await watch();
    expect(await bellOf(guard.profileId)).toEqual([]);

    at(later(-24 * HOUR));
    expect(await watch()).toEqual({ watched: 1, worked: 1 });
    // Looked at again with everything sent: no transaction for it.
    expect(await watch()).toEqual({ watched: 1, worked: 0 });
    await sent();
    expect(await bellOf(guard.profileId)).toEqual([expect.stringMatching(/^Reminder: your shift on booking OPS-T\d+ starts in 24 hours: Karen/)]);
    expect(await bellOf(client.profileId)).toEqual([expect.stringContaining('Peter Otieno will guard Karen')]);
    expect(t.sms.messages.map((m) => m.to).sort()).toEqual(['254711000001', '254722000002']);
    expect(t.mailer.messages.map((m) => m.subject).sort()).toEqual([
      expect.stringMatching(/^Your booking OPS-T\d+ starts in 24 hours$/),
      expect.stringMatching(/^Your shift starts in 24 hours/),
    ]);

    at(later(-2 * HOUR));
    await watch();
    await sent();
    expect(await bellOf(guard.profileId)).toHaveLength(2);
    expect(t.sms.messages).toHaveLength(4);
    expect(t.sms.messages.at(-1)?.message).toContain('starts in 2 hours');
  });

  it('a booking paid inside the last two hours gets only the nearer reminder; a cancelled one none; a moved one fresh ones', async () => {
    const { guard, bookingId } = await scene();
    at(later(-90 * MINUTE));
    await watch();
    expect(await bellOf(guard.profileId)).toEqual([expect.stringContaining('starts in 2 hours')]);

    const cancelled = await scene();
    await t.database.db
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: later(-3 * HOUR), cancelledReason: 'test' })
      .where(eq(bookings.id, cancelled.bookingId));
    await watch();
    expect(await bellOf(cancelled.guard.profileId)).toEqual([]);

    const moved = new Date(SHIFT_START.getTime() + 3 * HOUR);
    await t.database.db
      .update(bookings)
      .set({ startTime: moved, endTime: new Date(moved.getTime() + 8 * HOUR) })
      .where(eq(bookings.id, bookingId));
    at(new Date(moved.getTime() - 2 * HOUR));
    await watch();
    expect(await bellOf(guard.profileId)).toHaveLength(2);
  });

  it('a reminder queued before its booking was cancelled is not sent', async () => {
    const { bookingId } = await scene();
    at(later(-2 * HOUR));
    await watch();
    await t.database.db
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: later(-HOUR), cancelledReason: 'test' })
      .where(eq(bookings.id, bookingId));
    await sent();
    expect(t.sms.messages).toEqual([]);
    expect(t.mailer.messages).toEqual([]);
  });
});

describe('late and no check-out', () => {
  it('alerts the operator (bell, e-mail, duty SMS) and tells the client at the start plus the grace, once', async () => {
    const { client, guard } = await scene();
    const admin = await t.signedInDirectly('admin');
    await t.database.db.update(settings).set({ dutyPhone: '254733000003' });
    at(later(15 * MINUTE - 1000));
    await watch();
    expect(await bellOf(admin.profileId)).toEqual([]);
    at(later(15 * MINUTE));
    await watch();
    await watch();
    await sent();
    expect(await bellOf(admin.profileId)).toEqual([
      expect.stringMatching(/^Late: Peter Otieno has not checked in to booking OPS-T\d+ \(Karen\), which started at 08:00\.$/),
    ]);
    expect(await bellOf(client.profileId)).toEqual([expect.stringContaining('your guard has not checked in yet. We are on it')]);
    expect(t.sms.messages.map((m) => m.to).sort()).toEqual(['254711000001', '254733000003']);
    expect(t.mailer.messages.map((m) => m.to)).toContain(admin.email);
    expect(await bellOf(guard.profileId)).toEqual([]);
  });

  it('prompts a guard still checked in at the end, and flags them an hour later', async () => {
    const { guard, bookingId } = await scene();
    const admin = await t.signedInDirectly('admin');
    at(later(0));
    await guard.client.post(`/api/shifts/${bookingId}/check-in`, {});
    at(later(8 * HOUR));
    await watch();
    expect(await bellOf(guard.profileId)).toEqual([
      'Your shift on booking ' + (await bookingOf(bookingId)).reference + ' ended at 16:00. Please check out in the app.',
    ]);
    const flagged = async () => (await bellOf(admin.profileId)).filter((m) => m.includes('has not checked out'));
    expect(await flagged()).toEqual([]);
    at(later(9 * HOUR - 1000));
    await watch();
    expect(await flagged()).toEqual([]);
    at(later(9 * HOUR));
    await watch();
    await watch();
    expect(await flagged()).toEqual([expect.stringContaining('Peter Otieno has not checked out of booking')]);
  });
});

describe('completion without an admin', () => {
  it('completes at the end once every guard checked out, and invites the client to review and read the report', async () => {
    const { client, guard, bookingId } = await scene();
    at(later(0));
    await guard.client.post(`/api/shifts/${bookingId}/check-in`, {});
    at(later(7 * HOUR));
    await guard.client.post(`/api/shifts/${bookingId}/check-out`, {});
    await watch();
    expect((await bookingOf(bookingId)).status).toBe('confirmed');
    at(later(8 * HOUR));
    await watch();
    expect(await bookingOf(bookingId)).toMatchObject({ status: 'completed', completionKind: 'checked_out', completedAt: later(8 * HOUR) });
    expect(await bellOf(client.profileId)).toContainEqual(expect.stringMatching(/^How was your guard\? Booking OPS-T\d+ is complete/));
    await sent();
    const mail = t.mailer.messages.find((m) => m.subject === 'How was your guard?');
    expect(mail?.primaryLink).toContain(`/bookings/${bookingId}/report`);
    // The report offers the review at once.
    const report = (await (await client.client.get(`/api/bookings/${bookingId}/report`)).json()) as { canReview: boolean };
    expect(report.canReview).toBe(true);
  });

  it("completes at the end plus the grace with what was recorded ('no check-out'); a booking nobody worked is left to the operator", async () => {
    const worked = await scene();
    const unworked = await scene();
    const admin = await t.signedInDirectly('admin');
    at(later(0));
    await worked.guard.client.post(`/api/shifts/${worked.bookingId}/check-in`, {});
    at(later(8 * HOUR + 120 * MINUTE - 1000));
    await watch();
    expect((await bookingOf(worked.bookingId)).status).toBe('confirmed');
    at(later(8 * HOUR + 120 * MINUTE));
    await watch();
    expect(await bookingOf(worked.bookingId)).toMatchObject({ status: 'completed', completionKind: 'no_check_out' });
    expect((await bookingOf(unworked.bookingId)).status).toBe('confirmed');
    expect(await bellOf(admin.profileId)).toContainEqual(expect.stringContaining('ended with no check-in from any guard'));
  });

  it('an admin still cannot complete a booking before its end', async () => {
    const { bookingId } = await scene();
    const admin = await t.signedInDirectly('admin');
    at(later(HOUR));
    const res = await admin.client.post(`/api/admin/bookings/${bookingId}/status`, { status: 'completed' });
    expect(res.status).toBe(409);
    expect((await bookingOf(bookingId)).status).toBe('confirmed');
  });
});
