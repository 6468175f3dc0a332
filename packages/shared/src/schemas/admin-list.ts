import { z } from 'zod';

/**
 * The console's tables (guards, officers, clients, bookings, payments, activity) are read a
 * numbered page at a time with a total, so an operator can jump to page N and see how many rows
 * match (decision 019). Client-facing lists that only grow use cursors instead (schemas/page.ts).
 * Every table's query string has the same keys, so one table component keeps them in the URL.
 */

export const ADMIN_PAGE_SIZES = [10, 25, 50] as const;
export type AdminPageSize = (typeof ADMIN_PAGE_SIZES)[number];
export const ADMIN_PAGE_SIZE_DEFAULT: AdminPageSize = 25;
/** Offsets past this many pages cost more than any operator needs; search or filter instead. */
export const ADMIN_PAGE_MAX = 10_000;
export const ADMIN_SEARCH_MAX = 100;

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** The search box: trimmed; blank means no search. */
export const adminSearch = z
  .string({ error: 'Search must be text' })
  .trim()
  .max(ADMIN_SEARCH_MAX, `Search must be at most ${ADMIN_SEARCH_MAX} characters`)
  .transform((value) => (value === '' ? undefined : value))
  .optional();

export const adminPage = z.coerce
  .number({ error: 'Page must be a number' })
  .int('Page must be a whole number')
  .min(1, 'Page starts at 1')
  .max(ADMIN_PAGE_MAX, `Page must be at most ${ADMIN_PAGE_MAX}`)
  .default(1);

export const adminPageSize = z.coerce
  .number({ error: 'Page size must be a number' })
  .refine((n): n is AdminPageSize => (ADMIN_PAGE_SIZES as readonly number[]).includes(n), {
    message: `Page size must be ${ADMIN_PAGE_SIZES.join(', ')}`,
  })
  .default(ADMIN_PAGE_SIZE_DEFAULT);

export interface AdminListOptions<S extends readonly [string, ...string[]], F extends z.ZodRawShape> {
  /** The columns a table may be sorted by (the server maps each to an indexed expression). */
  sorts: S;
  defaultSort: S[number];
  defaultDir?: SortDirection;
  /** The table's own filters, as a Zod shape (every one optional or defaulted). */
  filters?: F;
}

/**
 * A table's query string: q, sort, dir, page, pageSize and its own filters. Unknown sorts and page
 * sizes are a 400 on that field, never silently replaced.
 */
export function adminListQuery<const S extends readonly [string, ...string[]], F extends z.ZodRawShape = Record<never, never>>(
  options: AdminListOptions<S, F>,
) {
  return z.object({
    q: adminSearch,
    sort: z.enum(options.sorts, { error: 'Unknown sort column' }).default(options.defaultSort as never),
    dir: z.enum(SORT_DIRECTIONS, { error: 'Sort direction must be asc or desc' }).default(options.defaultDir ?? 'asc'),
    page: adminPage,
    pageSize: adminPageSize,
    ...(options.filters ?? ({} as F)),
  });
}

/** One numbered page of a console table and how many rows match in all. */
export interface AdminPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** How many pages `total` rows fill (at least 1, so an empty table still shows page 1 of 1). */
export const pageCount = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize));
