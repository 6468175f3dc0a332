/**
 * One schema, one set of migrations, two engines: PGlite (PostgreSQL in WebAssembly, in-process,
 * the zero-set-up default) or a PostgreSQL server through node-postgres.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
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
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export const pgliteExtensions = { btree_gist };

export function openPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    connection: { kind: 'pglite', client },
    migrate: async () => {
      await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
    },
    close: () => client.close(),
  };
}

export function openPostgres(connectionString: string, maxConnections = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: maxConnections });
  // An idle connection that the server closes (restart, failover, admin) is dropped by the pool and
  // replaced on the next query; without this listener Node would treat it as an uncaught error.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema });
  return {
    db,
    kind: 'postgres',
    connection: { kind: 'postgres', connectionString },
    migrate: async () => {
      await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
    },
    close: () => pool.end(),
  };
}

export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  const dir = `${options.dataDir}/pgdata`;
  mkdirSync(dir, { recursive: true });
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
