import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_TYPES } from '@ops/shared/constants';
import { inList } from './helpers.ts';
import { profiles } from './profiles.ts';

/** One row per recipient, written by the server. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    message: text('message').notNull(),
    /** Where the notification leads in the app, when it is about something. */
    link: text('link'),
    read: boolean('read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_profile_created_idx').on(t.profileId, t.createdAt.desc()),
    index('notifications_profile_unread_idx')
      .on(t.profileId)
      .where(sql`not ${t.read}`),
    check('notifications_type_check', inList(t.type, NOTIFICATION_TYPES)),
  ],
);
