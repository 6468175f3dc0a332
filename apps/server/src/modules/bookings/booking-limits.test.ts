/**
 * What one request can ask for is bounded: how long a booking runs, what it costs, and how many
 * unpaid holds one client keeps. Each refusal is a clear 4xx, never a server error.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UNPAID_HOLDS_MAX } from '@ops/shared/domain/booking-rules';
import { addDaysToDate, nairobiDate } from '@ops/shared/domain/nairobi-time';
import { bookings } from '../../db/schema/bookings.ts';
import { insertGuard } from '../../test/fixtures.ts';
import { wizardBooking } from '../../test/payment-helpers.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { TEST_DATABASE_URL } from '../../test/test-env.ts';
import { UNPAID_HOLDS_MESSAGE } from './booking-create.service.ts';

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

const wizard = wizardBooking;

const storedBookings = () => t.database.db.select().from(bookings);

async function refusal(res: Response) {
  return { status: res.status, body: (await res.json()) as { message: string; fields?: Record<string, string> } };
}

describe('how long a booking can hold a guard', () => {
  it('refuses a daily booking longer than 31 days, on the wizard and on the form, so nobody blocks a calendar until 2099', async () => {
    const guardId = await insertGuard(t.database.db);
    const { client } = await t.signedIn('client');
    const tooLong = 'A daily booking can cover at most 31 days. Please choose an earlier end date.';

    for (const endDate of [inDays(3 + 31), '2099-12-31']) {
      const res = await refusal(await client.post('/api/bookings', wizard(guardId, { durationType: 'daily', endDate })));
      expect(res).toMatchObject({ status: 400, body: { fields: { endDate: tooLong } } });
    }
    const form = {
      serviceType: 'manned',
      bookingType: 'daily',
      shiftType: 'custom',
      startDate: inDays(2),
      endDate: '2099-12-31',
      startTime: '08:00',
      location: 'Karen',
      guards: 1,
    };
    expect(await refusal(await client.post('/api/bookings/form', form))).toMatchObject({ status: 400, body: { fields: { endDate: tooLong } } });
    expect(await storedBookings()).toHaveLength(0);

    // 31 days, both dates counted, is fine: it ends 31 × 24 hours after it starts.
    const res = await client.post('/api/bookings', wizard(guardId, { durationType: 'daily', endDate: inDays(3 + 30) }));
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ durationHours: 31 * 24 });
  });
});

describe('what a booking can cost', () => {
  it('refuses a total beyond KES 100,000,000 with a message instead of overflowing the price column', async () => {
    // A rate stored before rates were bounded: USD 1,000,000 an hour, at 145.
    const guardId = await insertGuard(t.database.db, { rateHourly: 145_000_000, rateDaily: null });
    const { client } = await t.signedIn('client');
    const message = 'One booking can cost at most KES 100,000,000. Please book fewer guards or a shorter time.';
    for (const path of ['/api/bookings/quote', '/api/bookings']) {
      const res = await refusal(await client.post(path, wizard(guardId, { teamSize: 20, duration: 24 })));
      expect(res, path).toEqual({ status: 400, body: expect.objectContaining({ message, fields: { totalCost: message } }) });
    }
    expect(await storedBookings()).toHaveLength(0);
    expect(t.logLines.filter((line) => line.level === 50)).toEqual([]);
  });
});

describe('how many unpaid bookings a client holds at once', () => {
  it(`refuses a client's booking beyond ${UNPAID_HOLDS_MAX} unpaid holds until one is paid or its hold ends`, async () => {
    const guardIds = await Promise.all(Array.from({ length: UNPAID_HOLDS_MAX + 2 }, () => insertGuard(t.database.db)));
    const amina = await t.signedIn('client');
    const held: string[] = [];
    for (const guardId of guardIds.slice(0, UNPAID_HOLDS_MAX)) {
      const res = await amina.client.post('/api/bookings', wizard(guardId));
      expect(res.status).toBe(201);
      held.push(((await res.json()) as { id: string }).id);
    }
    const extra = wizard(guardIds[UNPAID_HOLDS_MAX]!);
    expect(await refusal(await amina.client.post('/api/bookings', extra))).toEqual({
      status: 409,
      body: expect.objectContaining({ message: UNPAID_HOLDS_MESSAGE }),
    });
    expect(
      await refusal(
        await amina.client.post('/api/bookings/form', {
          serviceType: 'vip',
          bookingType: 'hourly',
          startDate: inDays(2),
          startTime: '08:00',
          endTime: '16:00',
          location: 'Westlands',
          guards: 1,
        }),
      ),
    ).toMatchObject({ status: 409, body: { message: UNPAID_HOLDS_MESSAGE } });
    expect(await storedBookings()).toHaveLength(UNPAID_HOLDS_MAX);

    // Another client is not held back by Amina's holds.
    const brian = await t.signedIn('client');
    expect((await brian.client.post('/api/bookings', wizard(guardIds[UNPAID_HOLDS_MAX + 1]!))).status).toBe(201);

    // Paying for one frees a place; so does a hold that ran out.
    await t.database.db.update(bookings).set({ status: 'confirmed', paymentStatus: 'paid' }).where(eq(bookings.id, held[0]!));
    expect((await amina.client.post('/api/bookings', extra)).status).toBe(201);
    await t.database.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, held[1]!));
    expect((await amina.client.post('/api/bookings', wizard(guardIds[0]!, { date: inDays(4) }))).status).toBe(201);
    expect((await amina.client.post('/api/bookings', wizard(guardIds[1]!, { date: inDays(5) }))).status).toBe(409);
  });

  it('keeps to the cap when one client sends many bookings at the same instant', async () => {
    const guardIds = await Promise.all(Array.from({ length: 8 }, () => insertGuard(t.database.db)));
    const { client } = await t.signedInDirectly('client');
    const answers = await Promise.all(guardIds.map(async (guardId) => refusal(await client.post('/api/bookings', wizard(guardId)))));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(UNPAID_HOLDS_MAX);
    expect(answers.filter((a) => a.status !== 201)).toEqual(
      Array.from({ length: 8 - UNPAID_HOLDS_MAX }, () => ({ status: 409, body: expect.objectContaining({ message: UNPAID_HOLDS_MESSAGE }) })),
    );
    expect(await storedBookings()).toHaveLength(UNPAID_HOLDS_MAX);
  });

  // PostgreSQL's planner: PGlite runs the same trigger, but this is about the plan on a real server
  // (CI's PostgreSQL run), so the test exists only there.
  if (TEST_DATABASE_URL)
    it('counts a client’s holds by that client’s index even when the statistics say no booking is pending', async () => {
      const { profileId } = await t.signedInDirectly('client');
      const db = t.database.db;
      const rows = (n: number, status: string, payment: string, hold: string) => sql`
        insert into bookings (reference, client_profile_id, booking_type, area, start_time, end_time, duration_hours, price, status, payment_status, hold_expires_at)
        select 'OPS-T' || ${status} || i, ${profileId}::uuid, 'hourly', 'Karen', now() + i * interval '1 day', now() + i * interval '1 day' + interval '8 hours', 8, 8000,
               ${status}, ${payment}, ${sql.raw(hold)}
        from generate_series(1, ${n}) as i`;
      // As after a quiet spell: statistics taken when no booking was pending.
      await db.execute(rows(3000, 'completed', 'paid', 'null'));
      await db.execute(sql`analyze bookings`);
      // Then a burst of pending bookings (their holds lapsed, so the cap lets them in) before the next ANALYZE.
      await db.execute(rows(3000, 'pending', 'unpaid', `now() - interval '1 minute'`));

      const rowsOf = async <R>(statement: SQL): Promise<R[]> => {
        const result: unknown = await db.execute(statement);
        return (result as { rows: R[] }).rows;
      };
      const [source] = await rowsOf<{ prosrc: string }>(sql`select prosrc from pg_proc where proname = 'bookings_cap_unpaid_holds'`);
      const count = /\(\s*(SELECT count\(\*\) FROM "bookings"[\s\S]*?)\)\s*>=\s*3/i.exec(source!.prosrc)?.[1];
      expect(count).toBeDefined();
      const query = count!.replace(/NEW\."client_profile_id"/g, `'${profileId}'::uuid`);
      const [plan] = await rowsOf<{ 'QUERY PLAN': unknown }>(sql.raw(`explain (format json) ${query}`));
      const text = JSON.stringify(plan!['QUERY PLAN']);
      expect(text).toContain('bookings_client_pending_idx');
      expect(text).not.toContain('bookings_status_idx');
    });
});
