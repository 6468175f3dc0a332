import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createLogger } from '../lib/logger.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../test/test-database.ts';
import { checkHealth } from '../modules/health/health.service.ts';
import { createOutboxJobQueue, readOutbox, relayOnce, writeJob, type OutboxJobQueue } from './job-outbox.ts';
import type { JobHandlers } from './job-queue.ts';
import { pgliteBossDb, postgresBossDb, startPgBossQueue, type BossDb, type PgBossQueue } from './pg-boss-queue.ts';

let factory: TestDatabaseFactory;
let database: DatabaseHandle;
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
  database = await factory.create();
});
afterAll(async () => {
  await database.close();
  await factory.dispose();
});

const logger = createLogger('silent');
const connection = (): BossDb =>
  database.connection.kind === 'pglite' ? pgliteBossDb(database.connection.client) : postgresBossDb(database.connection.connectionString);

/** Handlers that record what ran; `fail` decides which payloads throw. */
function recordingHandlers(fail: (data: unknown) => boolean = () => false) {
  const ran: { name: string; data: unknown; at: number }[] = [];
  const record = (name: string) => (data: unknown) => {
    ran.push({ name, data, at: Date.now() });
    return fail(data) ? Promise.reject(new Error('provider down')) : Promise.resolve();
  };
  const handlers: JobHandlers = {
    'booking-hold-expiry': record('booking-hold-expiry'),
    'payment-recheck': record('payment-recheck'),
    'payment-refund': record('payment-refund'),
    'send-booking-confirmation': record('send-booking-confirmation'),
    'send-payment-refund-notice': record('send-payment-refund-notice'),
    'send-booking-cancelled': record('send-booking-cancelled'),
    'send-booking-moved': record('send-booking-moved'),
    'credential-reminders': record('credential-reminders'),
    'send-credential-reminder': record('send-credential-reminder'),
    'send-enrollment-email': record('send-enrollment-email'),
    'enrollment-cash-deadlines': record('enrollment-cash-deadlines'),
    'certificate-batch': record('certificate-batch'),
    'send-certificate-email': record('send-certificate-email'),
    'send-shift-email': record('send-shift-email'),
    'send-shift-sms': record('send-shift-sms'),
  };
  return { ran, handlers };
}

let running: OutboxJobQueue | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
  await database.db.execute(sql`delete from job_outbox`);
});

async function startQueue(handlers: JobHandlers): Promise<OutboxJobQueue> {
  running = createOutboxJobQueue(database.db, logger);
  await running.start(() => startPgBossQueue(connection(), handlers, logger));
  return running;
}

describe('the job queue on the same database', () => {
  it('runs a delayed job once its time has come, and not before', async () => {
    const { ran, handlers } = recordingHandlers();
    const queue = await startQueue(handlers);
    const due = Date.now() + 1500;
    await queue.enqueue('booking-hold-expiry', { bookingId: 'b-1' }, { startAfter: new Date(due) });
    await expect.poll(() => ran.length, { timeout: 20_000, interval: 200 }).toBe(1);
    expect(ran[0]!.data).toEqual({ bookingId: 'b-1' });
    expect(ran[0]!.at).toBeGreaterThanOrEqual(due - 50);
    expect(await readOutbox(database.db, 10)).toEqual([]);
  });

  it('stores a job with the change it follows: a rolled-back transaction leaves no job, a committed one runs it', async () => {
    const { ran, handlers } = recordingHandlers();
    const queue = await startQueue(handlers);
    await expect(
      database.db.transaction(async (tx) => {
        await queue.enqueue('send-booking-confirmation', { bookingId: 'rolled-back', channel: 'email' }, { tx });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await database.db.transaction(async (tx) => {
      await queue.enqueue('send-booking-confirmation', { bookingId: 'committed', channel: 'email' }, { tx });
    });
    await expect.poll(() => ran.map((r) => r.data), { timeout: 20_000, interval: 100 }).toEqual([{ bookingId: 'committed', channel: 'email' }]);
    // A little longer: the rolled-back one never shows up.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(ran).toHaveLength(1);
  });

  it('keeps jobs written while pg-boss was not running, and runs them once it starts', async () => {
    await writeJob(database.db, 'payment-refund', { paymentId: 'written-while-down' });
    const { ran, handlers } = recordingHandlers();
    await startQueue(handlers);
    await expect.poll(() => ran.map((r) => r.data), { timeout: 20_000, interval: 100 }).toEqual([{ paymentId: 'written-while-down' }]);
  });

  it('runs many jobs in batches, side by side: 200 jobs taking 200 ms each finish in a few seconds', async () => {
    const ran: string[] = [];
    let inFlight = 0;
    let mostAtOnce = 0;
    const { handlers } = recordingHandlers();
    handlers['send-booking-confirmation'] = async ({ bookingId }) => {
      inFlight += 1;
      mostAtOnce = Math.max(mostAtOnce, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 200));
      inFlight -= 1;
      ran.push(bookingId);
    };
    const queue = await startQueue(handlers);
    const started = Date.now();
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < 200; i += 1) await queue.enqueue('send-booking-confirmation', { bookingId: `b-${i}`, channel: 'email' }, { tx });
    });
    await expect.poll(() => ran.length, { timeout: 30_000, interval: 100 }).toBe(200);
    // One job at a time would take 40 s (and the old queue, one every 2 s, 400 s).
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(mostAtOnce).toBeGreaterThan(1);
    expect(new Set(ran).size).toBe(200);
  });

  it('retries a failing job on its own; the rest of its batch completes once', async () => {
    let failures = 0;
    const { ran, handlers } = recordingHandlers((data) => (data as { paymentId: string }).paymentId === 'bad' && failures++ === 0);
    const queue = await startQueue(handlers);
    await database.db.transaction(async (tx) => {
      for (const paymentId of ['a', 'bad', 'c']) await queue.enqueue('send-payment-refund-notice', { paymentId }, { tx });
    });
    await expect.poll(() => ran.filter((r) => (r.data as { paymentId: string }).paymentId === 'bad').length, { timeout: 60_000, interval: 250 }).toBe(2);
    const counts = ran.reduce<Record<string, number>>(
      (acc, r) => ({ ...acc, [(r.data as { paymentId: string }).paymentId]: (acc[(r.data as { paymentId: string }).paymentId] ?? 0) + 1 }),
      {},
    );
    expect(counts).toEqual({ a: 1, bad: 2, c: 1 });
  }, 90_000);
});

describe('relaying the outbox', () => {
  it('queues a row once, even when it is relayed twice (two servers, or a crash between queueing and deleting it)', async () => {
    const { ran, handlers } = recordingHandlers();
    const boss: PgBossQueue = await startPgBossQueue(connection(), handlers, logger);
    try {
      await writeJob(database.db, 'payment-recheck', { paymentId: 'p-1', attempt: 0 });
      const [row] = await readOutbox(database.db, 10);
      // The first relay queued the row and died before deleting it; the next relay queues it again.
      await boss.insert([row!]);
      expect(await relayOnce(database.db, boss)).toBe(1);
      await expect.poll(() => ran.length, { timeout: 20_000, interval: 100 }).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(ran).toHaveLength(1);
    } finally {
      await boss.stop();
    }
  });
});

describe('stopping the queue', () => {
  it('waits for a job still running after pg-boss’s own grace: the job is recorded done, and nothing touches the database once stopped', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started = false;
    let finished = false;
    const { handlers } = recordingHandlers();
    handlers['send-booking-confirmation'] = async () => {
      started = true;
      await gate;
      finished = true;
    };
    const inner = connection();
    let stopped = false;
    const late: string[] = [];
    const db: BossDb = {
      executeSql: (text, values) => {
        if (stopped) late.push(text);
        return inner.executeSql(text, values);
      },
      close: () => inner.close?.() ?? Promise.resolve(),
    };
    const boss = await startPgBossQueue(db, handlers, logger);
    const id = crypto.randomUUID();
    await boss.insert([{ id, name: 'send-booking-confirmation', data: { bookingId: 'slow', channel: 'email' }, startAfter: null }]);
    await expect.poll(() => started, { timeout: 20_000, interval: 50 }).toBe(true);

    const stopping = boss.stop().then(() => {
      stopped = true;
    });
    // Longer than the 5 s pg-boss was given before, after which it failed the job and the database closed under it.
    await new Promise((resolve) => setTimeout(resolve, 6000));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(finished).toBe(true);
    const { rows } = (await database.db.execute(sql`select state from pgboss.job where id = ${id}`)) as { rows: { state: string }[] };
    expect(rows).toEqual([{ state: 'completed' }]);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(late).toEqual([]);
  }, 60_000);
});

describe('the queue before pg-boss has started', () => {
  it('reports itself down when pg-boss cannot start, and keeps the jobs written meanwhile', async () => {
    const queue = createOutboxJobQueue(database.db, logger);
    await queue.enqueue('booking-hold-expiry', { bookingId: 'b-2' });
    expect(queue.status()).toBe('starting');
    await expect(queue.start(() => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect(queue.status()).toBe('down');
    expect(await checkHealth(database.db, database.kind, queue.status())).toMatchObject({ status: 'degraded', jobs: { status: 'down' } });
    expect((await readOutbox(database.db, 10)).map((job) => job.data)).toEqual([{ bookingId: 'b-2' }]);
    await queue.stop();
  });
});
