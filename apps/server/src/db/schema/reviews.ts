import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bookings } from './bookings.ts';
import { profiles } from './profiles.ts';

/** A client's review of a guard, tied to one completed booking of theirs (one review per booking). */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    guardProfileId: uuid('guard_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    clientProfileId: uuid('client_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_booking_id_key').on(t.bookingId),
    index('reviews_guard_created_idx').on(t.guardProfileId, t.createdAt.desc()),
    index('reviews_client_profile_id_idx').on(t.clientProfileId),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);
