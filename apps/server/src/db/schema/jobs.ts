import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Work that follows a state change (e-mails, SMS, payment re-checks, refunds), written in the same
 * transaction as the change, so a crash right after the commit loses none of it. A relay moves the
 * rows into the job queue (pg-boss) under the same id, so a row relayed twice is queued once.
 */
export const jobOutbox = pgTable(
  'job_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    data: jsonb('data').notNull(),
    /** Not before this time; null runs as soon as it is relayed. */
    startAfter: timestamp('start_after', { withTimezone: true }),
    /** The clock's time, not the transaction's: jobs written by one transaction keep their order. */
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index('job_outbox_created_at_idx').on(t.createdAt)],
);
