import { z } from 'zod';

/**
 * Lists that grow are read a page at a time with an opaque cursor (decision 013): the answer's
 * nextCursor, sent back as ?cursor=, gives the rows after the last one shown, so nothing is skipped
 * or repeated when rows are added meanwhile. No cursor (or an empty one) is the first page.
 */
export const PAGE_LIMIT_DEFAULT = 10;
export const PAGE_LIMIT_MAX = 50;
/** Cursors are short base64url text; anything longer was not made by the server. */
export const CURSOR_MAX_LENGTH = 512;

export const INVALID_CURSOR_MESSAGE = 'This list position is not valid. Load the list again.';

export const pageQuery = z.object({
  cursor: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string({ error: INVALID_CURSOR_MESSAGE })
      .max(CURSOR_MAX_LENGTH, INVALID_CURSOR_MESSAGE)
      .regex(/^[A-Za-z0-9_-]+$/, INVALID_CURSOR_MESSAGE)
      .optional(),
  ),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(PAGE_LIMIT_MAX, `Limit must be at most ${PAGE_LIMIT_MAX}`)
    .default(PAGE_LIMIT_DEFAULT),
});
export type PageQuery = z.input<typeof pageQuery>;
export type PageParams = z.output<typeof pageQuery>;

/** One page of a list: its rows in order, and the cursor of the next page (null on the last). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
