import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CANCELLED_BY } from '@ops/shared/domain/cancellation-policy';
import { COMPLETION_KINDS } from '@ops/shared/domain/shift-rules';
import { BOOKING_PAYMENT_STATUSES, BOOKING_STATUSES, BOOKING_TYPES, DRESS_CODES, SERVICE_TYPES, SHIFT_TYPES } from '@ops/shared/constants';
import { inList } from './helpers.ts';
import { profiles } from './profiles.ts';

/**
 * A client's booking of one or more guards for a period at a place. The price is the server's
 * quote in whole KES. Overlapping live bookings of one guard are refused by an exclusion
 * constraint in the migrations (bookings_guard_no_overlap), so two clients racing cannot both win.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Short number people quote on the phone and that the provider sees ('Guard Booking #…'). */
    reference: text('reference').notNull(),
    clientProfileId: uuid('client_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'restrict' }),
    guardProfileId: uuid('guard_profile_id').references(() => profiles.id, { onDelete: 'restrict' }),
    /** Null for a booking made on /booking without choosing a service: it is named by its booking type. */
    serviceType: text('service_type', { enum: SERVICE_TYPES }),
    bookingType: text('booking_type', { enum: BOOKING_TYPES }).notNull(),
    shiftType: text('shift_type', { enum: SHIFT_TYPES }),
    teamSize: integer('team_size').notNull().default(1),
    dressCode: text('dress_code', { enum: DRESS_CODES }),
    area: text('area').notNull(),
    address: text('address'),
    notes: text('notes'),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    durationHours: integer('duration_hours').notNull(),
    /** Whole KES, computed by the server. */
    price: integer('price').notNull(),
    /** Whole KES kept by the platform once paid (settings' commission at that moment). */
    commissionAmount: integer('commission_amount'),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('pending'),
    paymentStatus: text('payment_status', { enum: BOOKING_PAYMENT_STATUSES }).notNull().default('unpaid'),
    /** An unpaid pending booking keeps its slot until then. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    cancelledReason: text('cancelled_reason'),
    /** Who cancelled it: the client, the OPS office, or the system (a hold that ran out, money that could not pay). */
    cancelledBy: text('cancelled_by', { enum: CANCELLED_BY }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** How many times its client moved it to a new start (decision 030: at most twice). */
    rescheduleCount: integer('reschedule_count').notNull().default(0),
    /**
     * The SEQUENCE of its calendar invitation: 0 when confirmed, one more with each move, so calendar
     * apps replace the event; a cancellation goes out one higher still.
     */
    calendarSequence: integer('calendar_sequence').notNull().default(0),
    /** How it completed: every guard checked out, at the end plus the grace without a check-out, or by an admin. */
    completionKind: text('completion_kind', { enum: COMPLETION_KINDS }),
    /**
     * The short code shown to the client (and printable as a QR code for the post); a guard who gives
     * it at check-in is 'Verified at site'. Made by the database (migration 0038) from an alphabet
     * without look-alike characters.
     */
    siteCode: text('site_code')
      .notNull()
      .default(sql`ops_site_code()`),
    /** Where the client pinned the site from their phone, if they did. */
    siteLatitude: doublePrecision('site_latitude'),
    siteLongitude: doublePrecision('site_longitude'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bookings_reference_key').on(t.reference),
    index('bookings_client_start_idx').on(t.clientProfileId, t.startTime.desc()),
    index('bookings_guard_start_idx').on(t.guardProfileId, t.startTime.desc()),
    index('bookings_status_idx').on(t.status, t.createdAt, t.id),
    index('bookings_payment_status_idx').on(t.paymentStatus),
    // When a booking was made with the id as tiebreaker, as the console's table sorts (either way: ascending
    // columns scan backwards as 'desc', nulls first, which is what ORDER BY … DESC means).
    index('bookings_created_id_idx').on(t.createdAt, t.id),
    // The console's 'Needs attention': paid live bookings that may still lack guards (none yet, or a team).
    index('bookings_unstaffed_paid_idx')
      .on(t.startTime)
      .where(sql`(${t.guardProfileId} is null or ${t.teamSize} > 1) and ${t.paymentStatus} = 'paid' and ${t.status} in ('pending', 'confirmed')`),
    // The console's bookings table: by date (start), alone or within a status, a payment status or an area.
    index('bookings_start_idx').on(t.startTime, t.id),
    index('bookings_status_start_idx').on(t.status, t.startTime, t.id),
    index('bookings_payment_start_idx').on(t.paymentStatus, t.startTime, t.id),
    index('bookings_area_start_idx').on(t.area, t.startTime),
    // A reference typed in part ('OPS-K7') is a prefix search, which needs byte-wise comparison.
    index('bookings_reference_prefix_idx').using('btree', sql`${t.reference} text_pattern_ops`),
    // The console's revenue: completed bookings by when they were made, read from the index alone.
    index('bookings_completed_created_idx')
      .on(t.createdAt, t.price)
      .where(sql`${t.status} = 'completed'`),
    // The shift watch and the Today board: bookings being worked or just worked, by end then start.
    index('bookings_shift_end_idx')
      .on(t.endTime, t.startTime)
      .where(sql`${t.status} in ('confirmed', 'completed')`),
    // The console's late cancellations: the client's cancellations by when they were made.
    index('bookings_client_cancelled_idx')
      .on(t.cancelledAt, t.startTime)
      .where(sql`${t.cancelledBy} = 'client' and ${t.confirmedAt} is not null`),
    index('bookings_hold_expires_idx')
      .on(t.holdExpiresAt)
      .where(sql`${t.status} = 'pending'`),
    // A client's live holds, counted by the trigger that caps them (migrations 0010 and 0027). The
    // predicate is written `(status = 'pending') is true`, and so are the queries it serves: a plain
    // `status = 'pending'` also fits bookings_status_idx, which the planner takes whenever its
    // statistics show few pending bookings, and then reads every client's pending bookings.
    index('bookings_client_pending_idx')
      .on(t.clientProfileId, t.holdExpiresAt)
      .where(sql`(${t.status} = 'pending') is true`),
    check('bookings_status_check', inList(t.status, BOOKING_STATUSES)),
    check('bookings_payment_status_check', inList(t.paymentStatus, BOOKING_PAYMENT_STATUSES)),
    check('bookings_service_type_check', inList(t.serviceType, SERVICE_TYPES)),
    check('bookings_booking_type_check', inList(t.bookingType, BOOKING_TYPES)),
    check('bookings_shift_type_check', sql`${t.shiftType} is null or ${inList(t.shiftType, SHIFT_TYPES)}`),
    check('bookings_dress_code_check', sql`${t.dressCode} is null or ${inList(t.dressCode, DRESS_CODES)}`),
    check('bookings_team_size_check', sql`${t.teamSize} between 1 and 20`),
    check('bookings_time_check', sql`${t.endTime} > ${t.startTime}`),
    check('bookings_cancelled_by_check', sql`${t.cancelledBy} is null or ${inList(t.cancelledBy, CANCELLED_BY)}`),
    check('bookings_completion_kind_check', sql`${t.completionKind} is null or ${inList(t.completionKind, COMPLETION_KINDS)}`),
    check(
      'bookings_site_pin_check',
      sql`(${t.siteLatitude} is null) = (${t.siteLongitude} is null) and coalesce(${t.siteLatitude} between -90 and 90, true) and coalesce(${t.siteLongitude} between -180 and 180, true)`,
    ),
    check('bookings_duration_check', sql`${t.durationHours} > 0`),
    check('bookings_price_check', sql`${t.price} >= 0 and coalesce(${t.commissionAmount}, 0) >= 0`),
    // Only a paid booking can be confirmed or completed; a refunded one is cancelled.
    check(
      'bookings_paid_status_check',
      sql`(${t.status} not in ('confirmed', 'completed') or ${t.paymentStatus} = 'paid') and (${t.paymentStatus} <> 'refunded' or ${t.status} = 'cancelled')`,
    ),
  ],
);
