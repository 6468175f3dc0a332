import { boolean, index, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bookings } from './bookings.ts';
import { profiles } from './profiles.ts';

/**
 * Every guard on a booking: the booking's own guard (mirrored from bookings.guard_profile_id by a
 * trigger) and the guards an admin staffs a team booking with. A guard holds at most one live row
 * over any instant (booking_guards_no_overlap, an exclusion constraint in the migrations), so
 * client bookings and the console's staffing obey one overlap rule. `live` and the times follow
 * the booking's status and times (the same trigger).
 */
export const bookingGuards = pgTable(
  'booking_guards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    guardProfileId: uuid('guard_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'restrict' }),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    /** The booking is pending or confirmed: the guard's time is taken. */
    live: boolean('live').notNull(),
    /** The admin who staffed the guard; null for the guard a client booked. */
    assignedByProfileId: uuid('assigned_by_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('booking_guards_booking_guard_key').on(t.bookingId, t.guardProfileId),
    index('booking_guards_guard_start_idx').on(t.guardProfileId, t.startTime.desc()),
  ],
);
