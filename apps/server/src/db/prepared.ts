import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Executor } from './client.ts';

/**
 * Statements the busiest screens run on every request, built once per database handle and sent to
 * PostgreSQL as named prepared statements: the SQL is neither rebuilt by the ORM nor parsed and
 * planned again by the server on each request (each pooled connection prepares it on first use).
 */
const cache = new WeakMap<object, Map<string, unknown>>();

export function preparedOnce<T>(executor: object, key: string, build: (name: string) => T): T {
  let statements = cache.get(executor);
  if (!statements) {
    statements = new Map();
    cache.set(executor, statements);
  }
  let statement = statements.get(key) as T | undefined;
  if (statement === undefined) {
    // PostgreSQL's statement names are identifiers of at most 63 bytes.
    statement = build(`ops_${statements.size}_${key.replace(/[^a-z0-9_]/gi, '_')}`.slice(0, 63));
    statements.set(key, statement);
  }
  return statement;
}

/**
 * A statement's name taken from its text: a query whose shape recurs (the console's lists have a
 * few dozen shapes, their values all parameters) is parsed and planned once per pooled connection,
 * and two different texts can never share a name.
 */
export function nameForText(text: string): string {
  return `ops_t_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
}

const dialect = new PgDialect();

/**
 * Runs raw SQL as a named prepared statement on PostgreSQL (named by its text unless a name is
 * given); on PGlite (in-process) it runs as is.
 */
export async function executeNamed<Row>(db: Executor, statement: SQL, name?: string): Promise<Row[]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const query = dialect.sqlToQuery(statement);
    return (await client.query<Row & pg.QueryResultRow>({ name: name ?? nameForText(query.sql), text: query.sql, values: query.params })).rows;
  }
  const result: unknown = await db.execute(statement);
  return (result as { rows: Row[] }).rows;
}

interface Preparable<R> {
  toSQL(): { sql: string };
  prepare(name: string): { execute(): Promise<R> };
}

/** Runs a query built by the ORM as a prepared statement named by its text (see nameForText). */
export function executePrepared<R>(query: Preparable<R>): Promise<R> {
  return query.prepare(nameForText(query.toSQL().sql)).execute();
}
