import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../test/test-database.ts';
import { checkHealth } from '../modules/health/health.service.ts';
import { createDeferredJobQueue, pgliteBossDb, startPgBossQueue } from './pg-boss-queue.ts';

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

describe('the job queue on the same database', () => {
  it('runs a delayed job once its time has come, and not before', async () => {
    const connection =
      database.connection.kind === 'pglite' ? { db: pgliteBossDb(database.connection.client) } : { connectionString: database.connection.connectionString };
    const ran: { bookingId: string; at: number }[] = [];
    const queue = await startPgBossQueue(
      connection,
      {
        'booking-hold-expiry': (data) => {
          ran.push({ ...data, at: Date.now() });
          return Promise.resolve();
        },
        'payment-recheck': () => Promise.resolve(),
        'payment-refund': () => Promise.resolve(),
        'send-booking-confirmation': () => Promise.resolve(),
        'send-payment-refund-notice': () => Promise.resolve(),
      },
      createLogger('silent'),
    );
    try {
      const due = Date.now() + 1500;
      await queue.enqueue('booking-hold-expiry', { bookingId: 'b-1' }, { startAfter: new Date(due) });
      await expect.poll(() => ran.length, { timeout: 20_000, interval: 200 }).toBe(1);
      expect(ran[0]!.bookingId).toBe('b-1');
      expect(ran[0]!.at).toBeGreaterThanOrEqual(due - 50);
    } finally {
      await queue.stop();
    }
  });
});

describe('the queue the app gets before pg-boss has started', () => {
  it('fails the jobs waiting for it, and reports itself down, when pg-boss cannot start', async () => {
    const queue = createDeferredJobQueue();
    const waiting = queue.enqueue('booking-hold-expiry', { bookingId: 'b-2' });
    expect(queue.status()).toBe('starting');
    await expect(queue.start(() => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    await expect(waiting).rejects.toThrow('database gone');
    expect(queue.status()).toBe('down');
    expect(await checkHealth(database.db, database.kind, queue.status())).toMatchObject({ status: 'degraded', jobs: { status: 'down' } });
  });

  it('refuses jobs once stopped before it started, rather than keep them waiting', async () => {
    const queue = createDeferredJobQueue();
    const waiting = queue.enqueue('booking-hold-expiry', { bookingId: 'b-3' });
    await queue.stop();
    await expect(waiting).rejects.toThrow('stopped before it started');
    expect(queue.status()).toBe('down');
  });
});
