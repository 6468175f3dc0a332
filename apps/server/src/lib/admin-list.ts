/**
 * The one repository helper for the console's numbered tables (decision 019): a search that the
 * trigram indexes answer, a sort from a whitelist with a unique tiebreaker, an offset page, and
 * the total counted by a separate statement run beside the page (a count over the whole match
 * would otherwise be computed on every row the page skips).
 */
import { getTableName, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AdminPage, SortDirection } from '@ops/shared/schemas/admin-list';
import type { Executor } from '../db/client.ts';
import { executeNamed } from '../db/prepared.ts';

/** Escapes LIKE's wildcards (and its escape character) so a search for '50%' finds '50%'. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** '%text%' for ILIKE: matches anywhere; pg_trgm's GIN indexes serve it from three characters up. */
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;

/** `column ILIKE '%text%'` (escape character: backslash, PostgreSQL's default). */
export const ilikeContains = (column: AnyColumn | SQL, text: string): SQL => sql`${column} ilike ${containsPattern(text)}`;

/**
 * A search box's text as a stored phone number fragment ('0712 345' → '254712345'), or null when
 * it is not digits. Phones are stored as 2547XXXXXXXX, so '07…' is read as '2547…'.
 */
export function phoneFragment(text: string): string | null {
  if (!/^\+?[\d\s-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  if (digits.length < 3) return null;
  return digits.startsWith('0') ? `254${digits.slice(1)}` : digits;
}

/** A sortable column: what it sorts by, and whether missing values go last either way. */
export interface SortColumn {
  expression: AnyColumn | SQL;
  nullsLast?: boolean;
}

/**
 * ORDER BY for a whitelisted sort key: the column in the asked direction, then the tiebreaker (a
 * unique column) in the same direction, so every row has one place and pages neither repeat nor
 * skip rows.
 */
export function adminOrderBy<S extends string>(columns: Record<S, SortColumn>, sort: S, dir: SortDirection, tiebreaker: AnyColumn): SQL[] {
  const column = columns[sort];
  const direction = dir === 'desc' ? sql.raw('desc') : sql.raw('asc');
  const nulls = column.nullsLast ? sql.raw(' nulls last') : sql.raw('');
  return [sql`${column.expression} ${direction}${nulls}`, sql`${tiebreaker} ${direction}`];
}

export const pageOffset = (params: { page: number; pageSize: number }): number => (params.page - 1) * params.pageSize;

/** Runs a page's rows and its total side by side and puts them together. */
export async function readAdminPage<Row, Item>(
  params: { page: number; pageSize: number },
  rows: PromiseLike<Row[]>,
  total: PromiseLike<number>,
  toItem: (row: Row) => Item,
): Promise<AdminPage<Item>> {
  const [found, count] = await Promise.all([rows, total]);
  return { items: found.map(toItem), total: count, page: params.page, pageSize: params.pageSize };
}

/** Past this many matches a big table's total is the planner's estimate of the match, not a count. */
export const COUNT_CAP = 10_000;

/** How long a whole table's estimated size is reused: it is the planner's figure, not a count, and moves slowly. */
export const TABLE_ESTIMATE_KEPT_MS = 10_000;
const tableEstimates = new WeakMap<Executor, Map<string, { until: number; rows: Promise<number> }>>();

/**
 * A whole table's estimated size, asked of the database at most once per TABLE_ESTIMATE_KEPT_MS
 * per server (each view of an unfiltered console table would otherwise pay a statement for it).
 * A failed estimate is not kept.
 */
export function keptTableEstimate(db: Executor, table: string, estimate: () => Promise<number>, now = Date.now()): Promise<number> {
  let kept = tableEstimates.get(db);
  if (!kept) {
    kept = new Map();
    tableEstimates.set(db, kept);
  }
  const hit = kept.get(table);
  if (hit && hit.until > now) return hit.rows;
  const rows = estimate();
  kept.set(table, { until: now + TABLE_ESTIMATE_KEPT_MS, rows });
  rows.catch(() => {
    if (kept.get(table)?.rows === rows) kept.delete(table);
  });
  return rows;
}

/** The planner's estimate of the rows matching a filter (EXPLAIN runs nothing); unfiltered, as keptTableEstimate keeps it. */
export async function plannerEstimate(db: Executor, table: PgTable, where: SQL | undefined): Promise<number> {
  if (!where) return keptTableEstimate(db, getTableName(table), () => explainedRows(db, table, undefined));
  return explainedRows(db, table, where);
}

async function explainedRows(db: Executor, table: PgTable, where: SQL | undefined): Promise<number> {
  const result = await db.execute(sql`explain (format json) select 1 from ${table} where ${where ?? sql`true`}`);
  const cell = (result as { rows: Record<string, unknown>[] }).rows[0]?.['QUERY PLAN'];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan?: { 'Plan Rows'?: number } }[] | undefined;
  return Math.round(plan?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

/**
 * An estimate at least this many times the cap is taken as it is: the planner is not that far out
 * on the console's filters (equalities and a date range), and counting 10,001 index entries on each
 * page view costs 25-60 ms of a busy server's time.
 */
export const ESTIMATE_TRUSTED_FROM = 2 * COUNT_CAP;

/**
 * How many rows match. A filter (other than a `narrow` one: a search) the planner expects to match at least ESTIMATE_TRUSTED_FROM rows is
 * given that estimate at once. Otherwise the rows are counted to COUNT_CAP + 1 in the order of the
 * index that answers the filter (so the count stops early and reads no more than that index), and a
 * match larger than that is given the estimate too, as a figure of "about N" is worth no more than
 * that on a table of hundreds of thousands of rows. The last page of such a list may be short.
 */
export async function cappedCount(db: Executor, table: PgTable, where: SQL | undefined, order: SQL, options: { narrow?: boolean } = {}): Promise<number> {
  // A search names a few people or references: it is counted, without asking the planner first.
  const estimate = options.narrow ? 0 : await plannerEstimate(db, table, where);
  if (estimate >= ESTIMATE_TRUSTED_FROM) return estimate;
  const [row] = await executeNamed<{ n: number | string }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${table} where ${where ?? sql`true`} order by ${order} limit ${COUNT_CAP + 1}) as capped`,
  );
  const n = Number(row?.n ?? 0);
  if (n <= COUNT_CAP) return n;
  return Math.max(COUNT_CAP + 1, options.narrow ? await plannerEstimate(db, table, where) : estimate);
}
