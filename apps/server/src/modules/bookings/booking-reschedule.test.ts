/** A client moves a paid booking to a new start under the policy (decision 030). */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nairobiDate, nairobiTimeOfDay } from '@ops/shared/domain/nairobi-time';
import { DEFAULT_RESCHEDULE_POLICY, RESCHEDULE_MESSAGES } from '@ops/shared/domain/reschedule-policy';
import { auditEvents } from '../../db/schema/audit.ts';
import { bookingGuards } from '../../db/schema/booking-guards.ts';
import { startFakeIntaSend, type FakeIntaSend } from '../../providers/payments/fake-intasend-server.ts';
import { book, bookingRow, intaSendAgainst, notificationsOf, otherGuard, paidBookingAhead, paymentRow } from '../../test/payment-helpers.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';

const HOUR_MS = 3_600_000;

let factory: TestDatabaseFactory;
let fake: FakeIntaSend;
let t: TestContext;
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());
beforeEach(async () => {
  fake = await startFakeIntaSend();
  t = await createTestContext(factory, { payments: intaSendAgainst(fake, 1_000) });
});
afterEach(async () => {
  await t.close();
  await fake.close();
});

/** The Nairobi date and time of an instant, as the form sends a new start. */
const slot = (instant: Date) => ({ date: nairobiDate(instant), startTime: nairobiTimeOfDay(instant) });
const later = (from: Date, hours: number) => new Date(from.getTime() + hours * HOUR_MS);

async function scene(hoursAhead = 72) {
  const paid = await paidBookingAhead(t, fake, hoursAhead);
  const row = await bookingRow(t, paid.booking.id);
  const path = `/api/bookings/${paid.booking.id}/reschedule`;
  return { ...paid, start: row.startTime, end: row.endTime, path };
}

const errorOf = async (res: Response) => (await res.json()) as { message: string; fields?: Record<string, string> };

describe('a client moving a paid booking', () => {
  it('moves it a day later: the guard keeps the job at the new time, everyone is told, calendars move, the old time is free', async () => {
    const { client, guard, admins, booking, paymentId, start, end, path } = await scene();
    const target = later(start, 24);

    const options = await client.client.get(`${path}?${new URLSearchParams(slot(target)).toString()}`);
    expect(options.status).toBe(200);
    expect(await options.json()).toMatchObject({ refusal: null, movesLeft: 2, noticeHours: 24, check: { unavailable: [] } });

    const res = await client.client.post(path, slot(target));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ startTime: target.toISOString(), endTime: later(end, 24).toISOString(), movesLeft: 1, guardsTakenOff: [] });
    expect(await bookingRow(t, booking.id)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'paid',
      startTime: target,
      endTime: later(end, 24),
      rescheduleCount: 1,
      calendarSequence: 1,
      price: 9600,
    });
    const [on] = await t.database.db.select().from(bookingGuards).where(eq(bookingGuards.bookingId, booking.id));
    expect(on).toMatchObject({ guardProfileId: guard.profileId, startTime: target, live: true });
    // The price stays: nothing is charged or given back.
    expect(await paymentRow(t, paymentId)).toMatchObject({ status: 'paid', refundRequestedAt: null });
    expect(fake.chargebackRequests()).toHaveLength(0);

    expect((await notificationsOf(t, guard.profileId)).map((n) => n.message)).toContainEqual(
      expect.stringMatching(new RegExp(`^Booking ${booking.reference} has moved to `)),
    );
    expect((await notificationsOf(t, admins[0]!.profileId)).map((n) => n.message)).toContainEqual(
      expect.stringMatching(new RegExp(`^The client moved booking ${booking.reference} from .* to .*\\.$`)),
    );
    await t.runJobs('send-booking-moved');
    const mails = t.mailer.messages.filter((m) => m.subject.includes(`Booking ${booking.reference} moved`));
    expect(mails.map((m) => m.to).sort()).toEqual([client.email, guard.email].sort());
    const ics = String(mails[0]?.attachments?.[0]?.content);
    expect(ics).toContain(`UID:booking-${booking.id}@`);
    expect(ics).toContain('SEQUENCE:1');
    expect(ics).toContain('METHOD:PUBLISH');
    expect(ics).toContain(`DTSTART:${target.toISOString().replace(/[-:]/g, '').replace('.000', '')}`);

    const [trail] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'booking.reschedule'));
    expect(trail).toMatchObject({ actorProfileId: client.profileId, recordId: booking.id, before: { startTime: start.toISOString() } });

    // The guard's old time is free for anyone.
    const other = await t.signedIn('client');
    await book(other.client, guard.profileId, slot(start));

    // A cancellation afterwards goes out one sequence higher still.
    expect((await client.client.post(`/api/bookings/${booking.id}/cancel`, { reason: 'Plans changed' })).status).toBe(200);
    await t.runJobs('send-booking-cancelled');
    const cancelled = t.mailer.messages.find((m) => m.subject.includes(`Booking ${booking.reference} cancelled`));
    expect(String(cancelled?.attachments?.[0]?.content)).toContain('SEQUENCE:2');
  });

  it('names a guard who is booked at the new time; the client keeps the old time, or moves and the office restaffs', async () => {
    const { client, guard, admins, booking, start, path } = await scene();
    const target = later(start, 48);
    const other = await t.signedIn('client');
    await book(other.client, guard.profileId, slot(target));

    const check = (await (await client.client.get(`${path}?${new URLSearchParams(slot(target)).toString()}`)).json()) as {
      check: { unavailable: unknown[] };
    };
    expect(check.check.unavailable).toEqual([
      { profileId: guard.profileId, fullName: 'Otieno Juma', reason: 'Otieno Juma is already booked for part of that time.' },
    ]);

    const refused = await client.client.post(path, slot(target));
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe(
      'Otieno Juma cannot work then. Keep the current time, or move it anyway and the OPS office will find another guard.',
    );
    expect(await bookingRow(t, booking.id)).toMatchObject({ startTime: start, rescheduleCount: 0, guardProfileId: guard.profileId });

    const moved = await client.client.post(path, { ...slot(target), restaff: true });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ guardsTakenOff: ['Otieno Juma'] });
    expect(await bookingRow(t, booking.id)).toMatchObject({ startTime: target, guardProfileId: null, status: 'confirmed' });
    expect(await t.database.db.select().from(bookingGuards).where(eq(bookingGuards.bookingId, booking.id))).toEqual([]);
    expect((await notificationsOf(t, guard.profileId)).map((n) => n.message)).toContainEqual(
      expect.stringMatching(new RegExp(`^You are no longer on booking ${booking.reference}: the client moved it to `)),
    );
    expect((await notificationsOf(t, admins[0]!.profileId)).map((n) => n.message)).toContainEqual(
      expect.stringContaining('It needs a guard: Otieno Juma could not work then.'),
    );

    // The client's calendar moves; the guard's loses the event at its old time.
    await t.runJobs('send-booking-moved');
    const moves = t.mailer.messages.filter((m) => m.subject.includes(`Booking ${booking.reference} moved`));
    expect(moves.map((m) => m.to)).toEqual([client.email]);
    const off = t.mailer.messages.filter((m) => m.subject === `You are off booking ${booking.reference}`);
    expect(off.map((m) => m.to)).toEqual([guard.email]);
    const ics = String(off[0]?.attachments?.[0]?.content);
    expect(ics).toContain(`UID:booking-${booking.id}@`);
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain('SEQUENCE:1');
    expect(ics).toContain(`DTSTART:${start.toISOString().replace(/[-:]/g, '').replace('.000', '')}`);
  });

  it('keeps to the policy: not within 24 hours, not a third time, not an unpaid booking', async () => {
    const soon = await scene(23);
    const tooLate = await soon.client.client.post(soon.path, slot(later(soon.start, 48)));
    expect(tooLate.status).toBe(409);
    expect((await errorOf(tooLate)).message).toBe(RESCHEDULE_MESSAGES.tooLate(DEFAULT_RESCHEDULE_POLICY));
    expect(await (await soon.client.client.get(soon.path)).json()).toMatchObject({ refusal: RESCHEDULE_MESSAGES.tooLate(DEFAULT_RESCHEDULE_POLICY) });

    const { client, booking, start, path } = await scene(72);
    expect((await client.client.post(path, slot(later(start, 24)))).status).toBe(200);
    expect((await client.client.post(path, slot(later(start, 48)))).status).toBe(200);
    const third = await client.client.post(path, slot(later(start, 72)));
    expect(third.status).toBe(409);
    expect((await errorOf(third)).message).toBe(RESCHEDULE_MESSAGES.tooMany(DEFAULT_RESCHEDULE_POLICY));
    expect(await bookingRow(t, booking.id)).toMatchObject({ startTime: later(start, 48), rescheduleCount: 2 });

    const unpaid = await book(client.client, await otherGuard(t), slot(later(start, 120)));
    const refused = await client.client.post(`/api/bookings/${unpaid.id}/reschedule`, slot(later(start, 144)));
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe(RESCHEDULE_MESSAGES.notPaid);
  });

  it('refuses a bad new start with the field and writes nothing', async () => {
    const { client, booking, start, path } = await scene();
    const bad: [Record<string, unknown>, string][] = [
      [{ date: '2027-02-30', startTime: '09:00' }, 'date'],
      [{ date: nairobiDate(later(start, -96)), startTime: '09:00' }, 'date'],
      [{ date: nairobiDate(later(start, 24 * 40)), startTime: '09:00' }, 'date'],
      [{ ...slot(later(start, 24)), startTime: '9am' }, 'startTime'],
      [{ ...slot(start) }, 'startTime'],
      [{ date: 20270301, startTime: '09:00' }, 'date'],
      [{ startTime: '09:00' }, 'date'],
      [{ ...slot(later(start, 24)), restaff: 'yes' }, 'restaff'],
    ];
    for (const [input, field] of bad) {
      const res = await client.client.post(path, input);
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect((await errorOf(res)).fields).toHaveProperty(field);
    }
    expect(await bookingRow(t, booking.id)).toMatchObject({ startTime: start, rescheduleCount: 0 });
  });

  it('is for its own client only', async () => {
    const { guard, booking, start, path } = await scene();
    const other = await t.signedIn('client');
    const partner = await t.signedInDirectly('partner');
    const admin = await t.signedIn('admin');
    const body = slot(later(start, 24));
    expect((await other.client.post(path, body)).status).toBe(404);
    expect((await other.client.get(path)).status).toBe(404);
    for (const who of [guard.client, partner.client, admin.client]) {
      expect((await who.post(path, body)).status).toBe(403);
      expect((await who.get(path)).status).toBe(403);
    }
    expect((await t.client().post(path, body)).status).toBe(401);
    expect(await bookingRow(t, booking.id)).toMatchObject({ startTime: start, rescheduleCount: 0 });
  });

  it('moves at most twice when ten presses arrive at once; raced with a cancel, a cancelled booking is never moved', async () => {
    const { client, booking, start, path } = await scene();
    const presses = await Promise.all(Array.from({ length: 10 }, (_, i) => client.client.post(path, slot(later(start, 24 * (i + 1))))));
    expect(presses.filter((r) => r.status === 200)).toHaveLength(2);
    expect(presses.filter((r) => r.status === 409)).toHaveLength(8);
    expect(await bookingRow(t, booking.id)).toMatchObject({ rescheduleCount: 2, calendarSequence: 2 });

    const second = await scene();
    const [moved, cancelled] = await Promise.all([
      second.client.client.post(second.path, slot(later(second.start, 24))),
      second.client.client.post(`/api/bookings/${second.booking.id}/cancel`, { reason: 'Plans changed' }),
    ]);
    expect(cancelled.status).toBe(200);
    const row = await bookingRow(t, second.booking.id);
    expect(row?.status).toBe('cancelled');
    // Moved first and then cancelled, or refused because it was already cancelled: never moved after.
    if (moved.status === 200) expect(row?.rescheduleCount).toBe(1);
    else expect(row).toMatchObject({ startTime: second.start, rescheduleCount: 0 });
    expect(fake.chargebackRequests()).toHaveLength(1);
    // The guard's time is free whichever came first.
    expect((await t.database.db.select().from(bookingGuards).where(eq(bookingGuards.bookingId, second.booking.id))).every((g) => !g.live)).toBe(true);
    // A move's calendar update queued before the cancellation is not sent after it.
    await t.runJobs('send-booking-moved');
    expect(t.mailer.messages.filter((m) => m.subject.includes(`Booking ${second.booking.reference} moved`))).toHaveLength(0);
  });
});
