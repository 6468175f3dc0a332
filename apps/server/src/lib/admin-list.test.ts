import { sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../test/test-database.ts';
import { cappedCount, COUNT_CAP, ESTIMATE_TRUSTED_FROM } from './admin-list.ts';

/** A table of its own, so the figures are exact: n from 1 to COUNT_CAP + 500. */
const probe = pgTable('count_probe', { n: integer('n').notNull() });
const ROWS = COUNT_CAP + 500;

describe("a console list's total", () => {
  let factory: TestDatabaseFactory;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    factory = await createTestDatabaseFactory();
    handle = await factory.create();
    await handle.db.execute(sql`create table count_probe (n integer not null)`);
    await handle.db.execute(sql`insert into count_probe select i from generate_series(1, ${ROWS}) i`);
    await handle.db.execute(sql`create index count_probe_n_idx on count_probe (n)`);
    await handle.db.execute(sql`analyze count_probe`);
  });
  afterAll(async () => {
    await handle.close();
    await factory.dispose();
  });

  it('is exact up to the cap, whatever the filter', async () => {
    expect(await cappedCount(handle.db, probe, sql`${probe.n} <= 250`, sql`${probe.n}`)).toBe(250);
    expect(await cappedCount(handle.db, probe, sql`${probe.n} <= ${COUNT_CAP}`, sql`${probe.n}`)).toBe(COUNT_CAP);
    expect(await cappedCount(handle.db, probe, sql`${probe.n} < 0`, sql`${probe.n}`)).toBe(0);
  });

  it("past the cap is the planner's estimate of the match, never less than the cap", async () => {
    const all = await cappedCount(handle.db, probe, undefined, sql`${probe.n}`);
    expect(all).toBeGreaterThan(COUNT_CAP);
    // The statistics were just gathered: the estimate of the whole table is close to the truth.
    expect(Math.abs(all - ROWS)).toBeLessThan(ROWS * 0.1);
    const most = await cappedCount(handle.db, probe, sql`${probe.n} > 200`, sql`${probe.n}`);
    expect(most).toBeGreaterThan(COUNT_CAP);
    expect(most).toBeLessThanOrEqual(ROWS);
  });

  it('takes a far larger estimate as it is, without counting', async () => {
    const big = pgTable('count_probe_big', { n: integer('n').notNull() });
    await handle.db.execute(sql`create table count_probe_big (n integer not null) with (autovacuum_enabled = false)`);
    await handle.db.execute(sql`insert into count_probe_big select i from generate_series(1, ${ESTIMATE_TRUSTED_FROM + 5000}) i`);
    await handle.db.execute(sql`analyze count_probe_big`);
    // Rows gone since the statistics were taken: a count would say 12,000; the estimate still says about 25,000.
    await handle.db.execute(sql`delete from count_probe_big where n > 12000`);
    const all = await cappedCount(handle.db, big, undefined, sql`${big.n}`);
    expect(all).toBeGreaterThanOrEqual(ESTIMATE_TRUSTED_FROM);
    // A narrow filter is still counted, exactly.
    expect(await cappedCount(handle.db, big, sql`${big.n} <= 300`, sql`${big.n}`)).toBe(300);
  });
});
