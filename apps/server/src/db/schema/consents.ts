import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * A person's agreement to a version of the privacy notice, given at sign-up. A new version of the
 * notice is agreed to in a new row; rows are never changed.
 */
export const privacyConsents = pgTable(
  'privacy_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** PRIVACY_NOTICE_VERSION of packages/shared at the time. */
    noticeVersion: text('notice_version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
  },
  // Also serves the look-up by person (its first column).
  (t) => [uniqueIndex('privacy_consents_user_version_key').on(t.userId, t.noticeVersion)],
);
