/** The bench seed's database: migrated with the app's own code, then reached through a Drizzle instance that records the statements it runs. */
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { openDatabase, pgliteExtensions, type Database } from '../src/db/client.ts';
import * as schema from '../src/db/schema/index.ts';

export type Recorded = { sql: string; params: unknown[] };
export type Raw = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export async function openRecordingDatabase(databaseUrl: string | undefined, dataDir: string) {
  // Migrate with the app's own code, then talk to the database through a recording Drizzle instance.
  const handle = await openDatabase({ databaseUrl, dataDir });
  await handle.migrate();
  await handle.close();

  let recording: Recorded[] | null = null;
  const logger = {
    logQuery(query: string, params: unknown[]) {
      recording?.push({ sql: query, params });
    },
  };
  let raw: Raw;
  let db: Database;
  let close: () => Promise<void>;
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    db = drizzlePg(pool, { schema, logger });
    raw = async (text, params) => (await pool.query(text, params)).rows as Record<string, unknown>[];
    close = () => pool.end();
  } else {
    const client = await PGlite.create(`${dataDir}/pgdata`, { extensions: pgliteExtensions });
    db = drizzlePglite(client, { schema, logger });
    raw = async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows;
    close = () => client.close();
  }

  async function step(label: string, text: string) {
    const t = performance.now();
    await raw(text);
    console.log(`  ${label} (${((performance.now() - t) / 1000).toFixed(1)} s)`);
  }

  /** The statements `run` sends to the database, in order. */
  async function record(run: () => Promise<unknown>): Promise<Recorded[]> {
    recording = [];
    await run();
    const statements = recording;
    recording = null;
    return statements;
  }

  return { db, raw, close, step, record };
}
