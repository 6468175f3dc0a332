import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Secrets the server generates for itself when the operator sets none (the session secret, the
 * credential signing key), on a PostgreSQL server: kept here so that every copy of the server uses
 * the same ones. The first copy to store one wins; the others read it back. Nothing in the API,
 * the exports or the logs reads this table (decision 027).
 */
export const serverSecrets = pgTable('server_secrets', {
  /** 'auth-secret' or 'credential-signing-key'. */
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
