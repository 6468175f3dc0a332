import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Counters of attempts at sign-in and sign-up (per account, per client address, per both), kept in
 * the database so that every copy of the server counts the same attempts. A counter runs for a
 * fixed window from its first attempt; an ended window starts again at the next attempt.
 */
export const authThrottles = pgTable(
  'auth_throttles',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
    /** When the account's owner was told about this window's attempts (at most once a window). */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [index('auth_throttles_window_ends_at_idx').on(t.windowEndsAt)],
);
