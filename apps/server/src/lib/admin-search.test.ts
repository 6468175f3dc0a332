import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DatabaseHandle } from '../db/client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../test/test-database.ts';
import { LISTED_IDS_MAX, uuidArray } from './admin-search.ts';

describe('the ids a console search names', () => {
  let factory: TestDatabaseFactory;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    factory = await createTestDatabaseFactory();
    handle = await factory.create();
  });
  afterAll(async () => {
    await handle.close();
    await factory.dispose();
  });

  /** Which of `probes` are among `ids`, asked of the database with `= any(uuidArray(ids))`. */
  async function found(ids: string[], probes: string[]): Promise<string[]> {
    const result: unknown = await handle.db.execute(
      sql`select p::text as id from unnest(${`{${probes.join(',')}}`}::uuid[]) as p where p = any(${uuidArray(ids)}) order by 1`,
    );
    return (result as { rows: { id: string }[] }).rows.map((r) => r.id);
  }

  it('finds exactly the ids given, however many: none, one, up to the listed maximum, and more', async () => {
    const outsider = randomUUID();
    for (const n of [0, 1, 2, LISTED_IDS_MAX, LISTED_IDS_MAX + 1, 40]) {
      const ids = Array.from({ length: n }, () => randomUUID());
      expect(await found(ids, [...ids, outsider])).toEqual(ids.toSorted());
    }
  });

  it('names each of a few ids as its own parameter, so the statement says how many, and many as one array', () => {
    const dialect = new PgDialect();
    const few = dialect.sqlToQuery(uuidArray([randomUUID(), randomUUID()]));
    expect(few.sql).toBe('array[$1::uuid, $2::uuid]');
    const many = dialect.sqlToQuery(uuidArray(Array.from({ length: LISTED_IDS_MAX + 1 }, () => randomUUID())));
    expect(many.sql).toBe('$1::uuid[]');
    expect(many.params).toHaveLength(1);
  });
});
