/**
 * One schema, one set of migrations, two engines: PGlite (PostgreSQL in WebAssembly, in-process,
 * the zero-set-up default) or a PostgreSQL server through node-postgres.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { pgliteNotifications, postgresNotifications, type DatabaseNotifications } from './notifications.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A query runner: the database itself or a transaction in progress. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** For libraries that talk to the database themselves (the job queue). */
  connection: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; connectionString: string };
  migrate(): Promise<void>;
  /**
   * Brings the planner's statistics up to date where nothing else does: PGlite has no autovacuum,
   * so each of our tables is analyzed, one statement at a time so that requests arriving meanwhile
   * take their turn between them. Stops early when `stopping()` says so. PostgreSQL's autovacuum
   * keeps its own statistics: nothing to do there.
   */
  refreshStatistics(stopping?: () => boolean): Promise<number>;
  /** What the schema's triggers announce when a transaction commits (db/notifications.ts). */
  notifications: DatabaseNotifications;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export const pgliteExtensions = { btree_gist, pg_trgm };

type RunQuery = (text: string) => Promise<unknown[]>;

/**
 * Whether the database already has every migration this build carries. Drizzle's migrator applies
 * the journal's entries newer than the newest one it recorded, so when that one is at least as new
 * as the journal's newest there is nothing to apply. Checking takes two small queries; the migrator
 * itself would create-if-missing its schema and table and open an empty transaction on every start.
 */
async function migrationsApplied(query: RunQuery): Promise<boolean> {
  const journal = JSON.parse(readFileSync(`${MIGRATIONS_DIR}/meta/_journal.json`, 'utf8')) as { entries: { when: number }[] };
  const newestInBuild = Math.max(...journal.entries.map((entry) => entry.when));
  const [table] = (await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`)) as { present: boolean }[];
  if (!table?.present) return false;
  const [applied] = (await query('select max(created_at)::text as newest from drizzle.__drizzle_migrations')) as { newest: string | null }[];
  return applied?.newest != null && Number(applied.newest) >= newestInBuild;
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Every table outside PostgreSQL's own schemas (ours, the migrator's, the job queue's), ours first.
 * The system catalogs are left out: they change only with migrations, and their statistics do not
 * shape the plans of the app's queries.
 */
const TABLES_TO_ANALYZE = `
  select n.nspname as schema, c.relname as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p', 'm')
    and n.nspname not in ('pg_catalog', 'information_schema')
    and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
  order by n.nspname <> 'public', n.nspname, c.relname`;

async function analyzeEachTable(client: PGlite, stopping: () => boolean): Promise<number> {
  const { rows } = await client.query<{ schema: string; name: string }>(TABLES_TO_ANALYZE);
  let analyzed = 0;
  for (const { schema: tableSchema, name } of rows) {
    // Each statement starts on a turn of its own (takeTurns), so requests get theirs in between.
    if (stopping()) break;
    await client.exec(`analyze ${quoteIdent(tableSchema)}.${quoteIdent(name)}`);
    analyzed += 1;
  }
  return analyzed;
}

/**
 * PGlite runs each statement synchronously on this thread, and a queue of waiting statements runs
 * as one chain of promises: while it lasts, the event loop gets no turn, so no new connection is
 * accepted and no new request read. Under load the queue never empties, and a visitor opening a
 * connection waited seconds while the clients already connected were served (the bench's list at
 * 50 connections: p99 0.6 s, slowest 3.7 s). Statements, and transactions as a whole, now go one
 * at a time through a queue of our own, and each starts on a fresh turn of the event loop, after
 * the I/O that arrived while the one before it ran. Statements inside a transaction run back to
 * back, as before. (PGlite runs one statement at a time anyway, so nothing runs less in parallel.)
 */
export function takeTurns(client: PGlite): PGlite {
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const result = last.then(() => nextTurn()).then(run);
    last = result.catch(() => {});
    return result;
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  const close = client.close.bind(client);
  Object.assign(client, {
    query: (...args: Parameters<PGlite['query']>) => inTurn(() => query(...args)),
    exec: (...args: Parameters<PGlite['exec']>) => inTurn(() => exec(...args)),
    transaction: (...args: Parameters<PGlite['transaction']>) => inTurn(() => transaction(...args)),
    // Closing waits for the statements already waiting their turn, rather than failing them.
    close: () => inTurn(() => close()),
  });
  return client;
}

export function openPglite(pglite: PGlite): DatabaseHandle {
  const client = takeTurns(pglite);
  const db = drizzlePglite(client, { schema });
  const notifications = pgliteNotifications(client);
  return {
    db,
    kind: 'pglite',
    connection: { kind: 'pglite', client },
    migrate: async () => {
      if (await migrationsApplied(async (text) => (await client.query(text)).rows)) return;
      await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
    },
    refreshStatistics: (stopping = () => false) => analyzeEachTable(client, stopping),
    notifications,
    close: async () => {
      await notifications.close();
      await client.close();
    },
  };
}

export function openPostgres(connectionString: string, maxConnections = 10): DatabaseHandle {
  const notifications = postgresNotifications(connectionString);
  const pool = new pg.Pool({ connectionString, max: maxConnections, Client: notifications.PoolClient });
  // An idle connection that the server closes (restart, failover, admin) is dropped by the pool and
  // replaced on the next query; without this listener Node would treat it as an uncaught error.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema });
  return {
    db,
    kind: 'postgres',
    connection: { kind: 'postgres', connectionString },
    migrate: async () => {
      if (await migrationsApplied(async (text) => (await pool.query<Record<string, unknown>>(text)).rows)) return;
      await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
    },
    refreshStatistics: () => Promise.resolve(0),
    notifications,
    close: async () => {
      await notifications.close();
      await pool.end();
    },
  };
}

export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  const dir = `${options.dataDir}/pgdata`;
  mkdirSync(dir, { recursive: true });
  // PGlite is PostgreSQL in 9 MB of WebAssembly. V8 runs it with its baseline compiler first and
  // recompiles the functions that get hot with its optimizing compiler on background threads. With
  // V8's default budget, much code that runs only while the database opens was recompiled too:
  // about 0.5 s of CPU competing with the start itself on a two-core machine. A budget about five
  // times larger leaves that code alone; the query paths that stay hot are still optimized, a
  // little later. (Applies to WebAssembly compiled after this point, i.e. PGlite's; an unknown
  // flag in another Node version is ignored.)
  setFlagsFromString('--wasm-tiering-budget=10000000');
  const client = await PGlite.create(dir, { extensions: pgliteExtensions });
  return openPglite(client);
}

export async function pingDatabase(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
