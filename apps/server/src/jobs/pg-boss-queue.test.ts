import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../test/test-database.ts';
import { pgliteBossDb, startPgBossQueue } from './pg-boss-queue.ts';

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
