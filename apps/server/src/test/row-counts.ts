/** How many rows each table of the public schema holds: compared before and after a refused request. */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** node-postgres answers { rows }, PGlite too; Drizzle types both as unknown. */
async function select<T>(db: Database, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

export async function rowCounts(db: Database): Promise<Record<string, number>> {
  const tables = await select<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  if (tables.length === 0) return {};
  const counting = tables.map(({ name }) => `select '${name.replaceAll("'", "''")}' as name, count(*)::int as rows from public.${quoteIdent(name)}`);
  const counts = await select<{ name: string; rows: number }>(db, sql.raw(counting.join(' union all ')));
  return Object.fromEntries(counts.map((row) => [row.name, Number(row.rows)]));
}
