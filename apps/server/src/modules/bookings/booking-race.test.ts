/**
 * Many clients racing for one guard at the same instant. On PostgreSQL (TEST_DATABASE_URL) the
 * inserts really run side by side, so the database's deadlocks and exclusion refusals are met;
 * on PGlite they run one after another and the test only checks the answers.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDaysToDate, nairobiDate, nairobiInstant } from '@ops/shared/domain/nairobi-time';
import { bookings } from '../../db/schema/bookings.ts';
import { insertGuard } from '../../test/fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { TEST_DATABASE_URL } from '../../test/test-env.ts';
import { BOOKING_ATTEMPTS, GUARD_BUSY_MESSAGE, retryTransientFailures } from './booking-create.service.ts';

let factory: TestDatabaseFactory;
let t: TestContext;
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());
beforeEach(async () => {
  // As many connections as a few servers would open: the inserts really run side by side.
  t = await createTestContext(factory, { maxConnections: 50 });
});
afterEach(() => t.close());

const CLIENTS = 100;
/** The race is one of timing: run it a few times, on consecutive days, so a lost race shows. */
const ROUNDS = 3;

function booking(guardId: string, date: string, i: number) {
  // Every request overlaps every other: starts an hour apart between 06:00 and 11:00, 8 hours each.
  return {
    serviceType: 'personal',
    guardId,
    teamSize: 1,
    date,
    startTime: `${String(6 + (i % 6)).padStart(2, '0')}:00`,
    duration: 8,
    durationType: 'hourly',
    dressCode: 'business_suit',
    location: 'Karen',
  };
}

describe('a hundred clients booking one guard at once', () => {
  it('gives the slot to exactly one and tells every other one the guard is booked, never a server error', async () => {
    const guardId = await insertGuard(t.database.db);
    const clients = await Promise.all(Array.from({ length: CLIENTS }, () => t.signedInDirectly('client')));
    for (let round = 0; round < ROUNDS; round += 1) {
      const date = addDaysToDate(nairobiDate(new Date()), 3 + round);
      const answers = await Promise.all(
        clients.map(async ({ client }, i) => {
          const res = await client.post('/api/bookings', booking(guardId, date, i));
          return { status: res.status, body: (await res.json()) as { message?: string } };
        }),
      );
      const count = (test: (status: number) => boolean) => answers.filter((a) => test(a.status)).length;
      expect({ round, created: count((s) => s === 201), refused: count((s) => s === 409), failed: count((s) => s >= 500) }).toEqual({
        round,
        created: 1,
        refused: CLIENTS - 1,
        failed: 0,
      });
      for (const answer of answers.filter((a) => a.status === 409)) expect(answer.body.message).toBe(GUARD_BUSY_MESSAGE);
    }
    expect(await t.database.db.select().from(bookings)).toHaveLength(ROUNDS);
    expect(t.logLines.filter((line) => line.level === 50)).toEqual([]);
  }, 120_000);
});

// PGlite runs one statement at a time: two writers never wait on each other there. So this case
// exists only when the suite runs on PostgreSQL, as CI runs it (a describe with no test fails).
if (TEST_DATABASE_URL)
  describe('a booking racing another writer of the same guard', () => {
    /** Statements of this database waiting for a lock of the given kind ('advisory', 'transactionid'…). */
    async function waitingFor(kind: string): Promise<number> {
      const result: unknown = await t.database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and wait_event = ${kind}`,
      );
      return (result as { rows: { n: number }[] }).rows[0]?.n ?? 0;
    }
    async function untilWaiting(kind: string) {
      const deadline = Date.now() + 15_000;
      while ((await waitingFor(kind)) < 1) {
        if (Date.now() > deadline) throw new Error(`no statement waiting for a lock of kind ${kind}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }

    it('waits its turn on the guard instead of deadlocking, then answers that the guard is booked', async () => {
      const guardId = await insertGuard(t.database.db);
      const rival = await t.signedInDirectly('client');
      const { client } = await t.signedInDirectly('client');
      const date = addDaysToDate(nairobiDate(new Date()), 3);
      const held = (from: string, to: string) => ({
        reference: `OPS-RIVAL-${from}`,
        clientProfileId: rival.profileId,
        guardProfileId: guardId,
        serviceType: 'personal' as const,
        bookingType: 'hourly' as const,
        area: 'Karen',
        startTime: nairobiInstant(date, from),
        endTime: nairobiInstant(date, to),
        durationHours: 3,
        price: 3600,
        holdExpiresAt: new Date(Date.now() + 30 * 60_000),
      });

      let answer: Promise<Response> | undefined;
      let secondInsertMs = 0;
      // Another writer holds 09:00–12:00 uncommitted; the client's 11:00–19:00 waits for the guard.
      // The writer then adds 13:00–16:00. Without the guard's turn-taking both rows would sit in the
      // exclusion index uncommitted, each writer waiting on the other, until PostgreSQL broke the
      // deadlock a second later. With it, the client never reaches the index before the writer ends.
      await t.database.db.transaction(async (tx) => {
        await tx.insert(bookings).values(held('09:00', '12:00'));
        answer = client.post('/api/bookings', booking(guardId, date, 5));
        await untilWaiting('advisory');
        const started = Date.now();
        await tx.insert(bookings).values(held('13:00', '16:00'));
        secondInsertMs = Date.now() - started;
        expect(await waitingFor('transactionid')).toBe(0);
      });
      const res = await answer!;
      expect({ status: res.status, body: await res.json() }).toEqual({ status: 409, body: expect.objectContaining({ message: GUARD_BUSY_MESSAGE }) });
      // Well under deadlock_timeout (one second): nobody waited for the deadlock detector.
      expect(secondInsertMs).toBeLessThan(500);
      expect(await t.database.db.select({ reference: bookings.reference }).from(bookings)).toHaveLength(2);
      expect(t.logLines.filter((line) => line.level === 50)).toEqual([]);
    }, 60_000);
  });

describe('trying a booking again after the database gave up on it', () => {
  const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

  it('writes again after a deadlock or a serialization failure', async () => {
    let calls = 0;
    const failures = [deadlock(), Object.assign(new Error('could not serialize access'), { code: '40001' })];
    const result = await retryTransientFailures(() => {
      calls += 1;
      const failure = failures.shift();
      return failure ? Promise.reject(failure) : Promise.resolve('stored');
    });
    expect({ result, calls }).toEqual({ result: 'stored', calls: 3 });
  });

  it(`gives up after ${BOOKING_ATTEMPTS} attempts, and never retries anything else`, async () => {
    let calls = 0;
    await expect(
      retryTransientFailures(() => {
        calls += 1;
        return Promise.reject(deadlock());
      }),
    ).rejects.toMatchObject({ code: '40P01' });
    expect(calls).toBe(BOOKING_ATTEMPTS);

    calls = 0;
    const overlap = Object.assign(new Error('conflicting key value violates exclusion constraint'), { code: '23P01' });
    await expect(
      retryTransientFailures(() => {
        calls += 1;
        return Promise.reject(overlap);
      }),
    ).rejects.toBe(overlap);
    expect(calls).toBe(1);
  });
});
