/**
 * Keyset pages for every list that grows (decision 013). A list orders its rows by a key of NOT NULL
 * parts, all ascending, the last one unique (the id); a part that must run newest first is negated
 * in SQL. The cursor is the position of the last row shown (its key, plus whatever else the list
 * needs to keep its order steady, such as the moment its first page was read), as base64url JSON:
 * opaque to the browser, checked with the list's own schema when it comes back.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ZodType } from 'zod';
import { INVALID_CURSOR_MESSAGE, type Page } from '@ops/shared/schemas/page';
import { AppError } from './errors.ts';

export function encodeCursor(position: unknown): string {
  return Buffer.from(JSON.stringify(position), 'utf8').toString('base64url');
}

/** The position a cursor holds; anything the server did not make is a 400 on the cursor field. */
export function decodeCursor<T>(cursor: string, schema: ZodType<T>): T {
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw AppError.validation({ cursor: INVALID_CURSOR_MESSAGE });
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw AppError.validation({ cursor: INVALID_CURSOR_MESSAGE });
  return parsed.data;
}

/**
 * The rows after a position in the list's order, as one row comparison. The position's parts are
 * parameters cast to the key's types; when its first part is null (the first page) every row
 * passes, so one prepared statement serves every page.
 */
export function afterPosition(key: readonly SQL[], position: readonly SQL[]): SQL {
  if (key.length === 0 || key.length !== position.length) throw new Error('a position has one value per part of the key');
  return sql`(${position[0]} is null or (${sql.join([...key], sql`, `)}) > (${sql.join([...position], sql`, `)}))`;
}

/** One row more than the page holds is read, to know whether another page follows. */
export const rowsToRead = (limit: number) => limit + 1;

/** The page from rows read with rowsToRead(limit): the cursor is the last shown row's position. */
export function toPage<Row, Item>(rows: readonly Row[], limit: number, positionOf: (last: Row) => unknown, toItem: (row: Row) => Item): Page<Item> {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    items: shown.map(toItem),
    nextCursor: rows.length > limit && last !== undefined ? encodeCursor(positionOf(last)) : null,
  };
}
