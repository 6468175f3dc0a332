/**
 * An unpaid booking longer than a day keeps its guard's time for 10 minutes, not 30, and a client
 * keeps one such hold at a time besides the three holds of any length (decision 031).
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LONG_HOLD_MINUTES, UNPAID_HOLDS_MAX } from '@ops/shared/domain/booking-rules';
import { addDaysToDate, nairobiDate } from '@ops/shared/domain/nairobi-time';
import { bookings } from '../../db/schema/bookings.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { insertGuard } from '../../test/fixtures.ts';
import { approveMpesa, bookingRow, notificationsOf, pay, wizardBooking } from '../../test/payment-helpers.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { TEST_DATABASE_URL } from '../../test/test-env.ts';
import { UNPAID_HOLDS_MESSAGE, UNPAID_LONG_HOLD_MESSAGE } from './booking-create.service.ts';
import { expireLapsedHolds } from './booking-holds.service.ts';

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

const inDays = (days: number) => addDaysToDate(nairobiDate(new Date()), days);
const MINUTE = 60_000;

const wizard = wizardBooking;

/** Three round-the-clock days from 09:00 on inDays(start). */
const threeDays = (guardId: string | null, start = 3) => wizard(guardId, { durationType: 'daily', date: inDays(start), endDate: inDays(start + 2) });

/** The single-page form's month from inDays(2). */
const monthOnForm = { serviceType: 'manned', bookingType: 'monthly', startDate: inDays(2), location: 'Karen', guards: 1 };

interface Created {
  id: string;
  reference: string;
  holdExpiresAt: string;
}

async function created(res: Response): Promise<Created> {
  expect(res.status).toBe(201);
  return (await res.json()) as Created;
}

async function refusal(res: Response) {
  return { status: res.status, body: (await res.json()) as { message: string } };
}

const storedBookings = () => t.database.db.select().from(bookings);
const storedNotifications = () => t.database.db.select().from(notifications);

/** Minutes from `from` (ms) until the hold's end. */
const minutesHeld = (booking: Created, from: number) => (new Date(booking.holdExpiresAt).getTime() - from) / MINUTE;

describe('how long an unpaid booking longer than a day holds its guard', () => {
  it('holds a 3-day booking for 10 minutes: then the sweep releases it and another client books the time', async () => {
    const guardId = await insertGuard(t.database.db);
    const amina = await t.signedIn('client');
    const brian = await t.signedIn('client');

    const before = Date.now();
    const long = await created(await amina.client.post('/api/bookings', threeDays(guardId)));
    const held = minutesHeld(long, before);
    expect(held).toBeGreaterThan(LONG_HOLD_MINUTES - 0.1);
    expect(held).toBeLessThan(LONG_HOLD_MINUTES + 0.5);
    expect((await bookingRow(t, long.id)).holdExpiresAt?.toISOString()).toBe(long.holdExpiresAt);
    const [received] = await notificationsOf(t, amina.profileId);
    expect(received?.message).toMatch(new RegExp(`^Booking ${long.reference} received: .*\\. Pay within 10 minutes to confirm it\\.$`));

    // Meanwhile the guard's three days are kept from Brian.
    expect((await brian.client.post('/api/bookings', threeDays(guardId))).status).toBe(409);

    // A sweep 9 minutes on leaves it; one 11 minutes on releases it, and says how long it was held.
    expect(await expireLapsedHolds(t.database.db, new Date(before + 9 * MINUTE), t.logger)).toBe(0);
    expect(await expireLapsedHolds(t.database.db, new Date(before + 11 * MINUTE), t.logger)).toBe(1);
    expect(await bookingRow(t, long.id)).toMatchObject({ status: 'cancelled', cancelledReason: 'The unpaid hold expired', cancelledBy: 'system' });
    const lapsed = (await notificationsOf(t, amina.profileId)).find((n) => n.message.includes('was cancelled'));
    expect(lapsed?.message).toMatch(new RegExp(`^Booking ${long.reference} was cancelled: it was not paid within its 10-minute hold\\.`));

    await created(await brian.client.post('/api/bookings', threeDays(guardId)));
  });

  it('holds a booking of a day or less for 30 minutes, and measures a booking by the time it keeps its guard', async () => {
    const { client } = await t.signedIn('client');
    const before = Date.now();
    const hours24 = await created(await client.post('/api/bookings', wizard(null, { duration: 24 })));
    const oneDay = await created(await client.post('/api/bookings', wizard(null, { durationType: 'daily', date: inDays(5), endDate: inDays(5) })));
    expect(minutesHeld(hours24, before)).toBeGreaterThan(29.9);
    expect(minutesHeld(oneDay, before)).toBeGreaterThan(29.9);
    expect(minutesHeld(oneDay, before)).toBeLessThan(30.5);

    // Two 12-hour day shifts: 24 hours worked, but the guard is kept from the first morning to the second evening.
    const dayShifts = {
      serviceType: 'vip',
      bookingType: 'daily',
      shiftType: 'day',
      startDate: inDays(8),
      endDate: inDays(9),
      location: 'Karen',
      guards: 1,
    };
    const shifts = await created(await client.post('/api/bookings/form', dayShifts));
    expect(await bookingRow(t, shifts.id)).toMatchObject({ durationHours: 24 });
    expect(minutesHeld(shifts, Date.now())).toBeLessThanOrEqual(LONG_HOLD_MINUTES);
  });
});

describe('how many unpaid bookings longer than a day a client holds at once', () => {
  it('refuses a second one, from the wizard or the form, writing nothing; a short booking is still taken beside it', async () => {
    const [first, second] = [await insertGuard(t.database.db), await insertGuard(t.database.db)];
    const amina = await t.signedIn('client');
    const long = await created(await amina.client.post('/api/bookings', threeDays(first)));
    const written = { bookings: (await storedBookings()).length, notifications: (await storedNotifications()).length };

    expect(await refusal(await amina.client.post('/api/bookings', threeDays(second, 10)))).toEqual({
      status: 409,
      body: expect.objectContaining({ message: UNPAID_LONG_HOLD_MESSAGE }),
    });
    expect(await refusal(await amina.client.post('/api/bookings/form', monthOnForm))).toEqual({
      status: 409,
      body: expect.objectContaining({ message: UNPAID_LONG_HOLD_MESSAGE }),
    });
    expect(await storedBookings()).toHaveLength(written.bookings);
    expect(await storedNotifications()).toHaveLength(written.notifications);

    // A short booking, of the other guard or of no one in particular, is within the three holds.
    const before = Date.now();
    const short = await created(await amina.client.post('/api/bookings', wizard(second)));
    expect(minutesHeld(short, before)).toBeGreaterThan(29.9);
    await created(await amina.client.post('/api/bookings', wizard(null, { date: inDays(4) })));
    // Three holds now: the cap on all holds answers first, with its own message.
    expect(await refusal(await amina.client.post('/api/bookings', threeDays(second, 10)))).toMatchObject({
      status: 409,
      body: { message: UNPAID_HOLDS_MESSAGE },
    });
    expect(await storedBookings()).toHaveLength(UNPAID_HOLDS_MAX);

    // Another client is not held back by Amina's long hold.
    const brian = await t.signedIn('client');
    await created(await brian.client.post('/api/bookings', threeDays(second, 10)));
    expect(await bookingRow(t, long.id)).toMatchObject({ status: 'pending', paymentStatus: 'unpaid' });
  });

  it('counts a long hold whose checkout is under way, and lets the next one in once it is cancelled, paid or lapsed', async () => {
    const guardId = await insertGuard(t.database.db);
    const amina = await t.signedIn('client', { phone: '254712345678' });
    const refusedLong = async (start: number) =>
      expect(await refusal(await amina.client.post('/api/bookings', threeDays(null, start)))).toMatchObject({
        status: 409,
        body: { message: UNPAID_LONG_HOLD_MESSAGE },
      });

    // Cancelled by the client before paying.
    const cancelled = await created(await amina.client.post('/api/bookings', threeDays(guardId)));
    await refusedLong(10);
    expect((await amina.client.post(`/api/bookings/${cancelled.id}/cancel`, {})).status).toBe(200);

    // An M-Pesa prompt sent but not answered yet still holds; once the booking is paid it does not.
    const paid = await created(await amina.client.post('/api/bookings', threeDays(guardId, 7)));
    const { res, body: payment } = await pay(amina.client, paid.id);
    expect(res.status).toBe(201);
    expect(await bookingRow(t, paid.id)).toMatchObject({ status: 'pending', paymentStatus: 'pending' });
    await refusedLong(10);
    await approveMpesa(amina.client, payment.checkoutUrl);
    expect(await bookingRow(t, paid.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });

    // A hold that ran out, though no sweep has cancelled it yet, holds nothing.
    const lapsed = await created(await amina.client.post('/api/bookings', threeDays(guardId, 11)));
    await refusedLong(15);
    await t.database.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, lapsed.id));
    await created(await amina.client.post('/api/bookings', threeDays(guardId, 15)));
    await refusedLong(20);
  });

  it('keeps to one when a client sends many long bookings at the same instant', async () => {
    const guardIds = await Promise.all(Array.from({ length: 6 }, () => insertGuard(t.database.db)));
    const { client } = await t.signedInDirectly('client');
    const answers = await Promise.all(guardIds.map(async (guardId) => refusal(await client.post('/api/bookings', threeDays(guardId)))));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 201)).toEqual(
      Array.from({ length: 5 }, () => ({ status: 409, body: expect.objectContaining({ message: UNPAID_LONG_HOLD_MESSAGE }) })),
    );
    expect(await storedBookings()).toHaveLength(1);
  });
});

// PostgreSQL's planner, as for the cap on all holds (booking-limits.test.ts): only CI's PostgreSQL run has it.
if (TEST_DATABASE_URL)
  describe('the long-hold check on PostgreSQL', () => {
    it('finds a client’s long holds by that client’s index even when the statistics say no booking is pending', async () => {
      const { profileId } = await t.signedInDirectly('client');
      const db = t.database.db;
      const rowsOf = async <R>(statement: SQL): Promise<R[]> => {
        const result: unknown = await db.execute(statement);
        return (result as { rows: R[] }).rows;
      };
      const rows = (n: number, status: string, payment: string, hold: string) => sql`
        insert into bookings (reference, client_profile_id, booking_type, area, start_time, end_time, duration_hours, price, status, payment_status, hold_expires_at)
        select 'OPS-L' || ${status} || i, ${profileId}::uuid, 'daily', 'Karen', now() + i * interval '1 day', now() + i * interval '1 day' + interval '72 hours', 72, 27000,
               ${status}, ${payment}, ${sql.raw(hold)}
        from generate_series(1, ${n}) as i`;
      await db.execute(rows(3000, 'completed', 'paid', 'null'));
      await db.execute(sql`analyze bookings`);
      await db.execute(rows(3000, 'pending', 'unpaid', `now() - interval '1 minute'`));

      const [source] = await rowsOf<{ prosrc: string }>(sql`select prosrc from pg_proc where proname = 'bookings_cap_unpaid_holds'`);
      const exists = /EXISTS\s*\((SELECT 1 FROM "bookings"[\s\S]*?'24 hours')\)/i.exec(source!.prosrc)?.[1];
      expect(exists).toBeDefined();
      const query = exists!.replace(/NEW\."client_profile_id"/g, `'${profileId}'::uuid`);
      const [plan] = await rowsOf<{ 'QUERY PLAN': unknown }>(sql.raw(`explain (format json) ${query}`));
      const text = JSON.stringify(plan!['QUERY PLAN']);
      expect(text).toContain('bookings_client_pending_idx');
      expect(text).not.toContain('bookings_status_idx');
    });
  });
