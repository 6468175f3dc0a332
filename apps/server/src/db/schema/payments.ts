import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PAYMENT_PROVIDERS, PAYMENT_RECORD_METHODS, PAYMENT_RECORD_PROVIDERS, PAYMENT_STATUSES } from '@ops/shared/constants';
import { enrollments } from './academy-enrollments.ts';
import { bookings } from './bookings.ts';
import { inList } from './helpers.ts';
import { profiles } from './profiles.ts';

/**
 * One attempt to collect money for a booking or an enrolment through a provider. Only the server
 * moves it to paid, after the provider confirmed the amount and currency owed.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'restrict' }),
    /** Set for course fees instead of a booking. */
    enrollmentId: uuid('enrollment_id').references(() => enrollments.id, { onDelete: 'restrict' }),
    payerProfileId: uuid('payer_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'restrict' }),
    /** 'office' for cash taken at the academy's office (a course fee), recorded by an admin. */
    provider: text('provider', { enum: PAYMENT_RECORD_PROVIDERS }).notNull(),
    method: text('method', { enum: PAYMENT_RECORD_METHODS }).notNull(),
    /** Whole KES owed. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('KES'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    /** Our reference sent to the provider (IntaSend's api_ref). */
    apiRef: text('api_ref').notNull(),
    /** The provider's own id (IntaSend invoice id); for cash, the office's receipt number. */
    providerRef: text('provider_ref'),
    checkoutUrl: text('checkout_url'),
    /** A hosted checkout has no invoice until paid; its id and signature are how we ask about it. */
    checkoutId: text('checkout_id'),
    checkoutSignature: text('checkout_signature'),
    phone: text('phone'),
    failureReason: text('failure_reason'),
    /** What the provider last said, for support and audits. */
    providerPayload: jsonb('provider_payload'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * What the provider confirmed arrived, in whole KES, when it differs from `amount` (a payment of
     * the wrong amount, which is refunded in full); null otherwise.
     */
    receivedAmount: integer('received_amount'),
    /**
     * Whole KES the platform keeps of a payment that confirmed its booking (the booking's
     * commission_amount, copied at settlement), so a period's commission is read with its money.
     */
    commissionAmount: integer('commission_amount'),
    refundedAmount: integer('refunded_amount'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** The provider's refund (IntaSend chargeback) id, once the refund has been requested. */
    refundRef: text('refund_ref'),
    /** When a worker last claimed the refund request, so two workers never both ask for it. */
    refundRequestedAt: timestamp('refund_requested_at', { withTimezone: true }),
    /** When the sweep of payments still in flight last asked the provider about this one. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_api_ref_key').on(t.apiRef),
    uniqueIndex('payments_provider_ref_key').on(t.provider, t.providerRef),
    index('payments_booking_id_idx').on(t.bookingId),
    index('payments_enrollment_id_idx').on(t.enrollmentId),
    index('payments_payer_profile_id_idx').on(t.payerProfileId),
    index('payments_status_idx').on(t.status, t.createdAt.desc()),
    // Newest first with the id as tiebreaker, as the console's table pages through them.
    index('payments_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The console's method filter (with or without a status) in date order, and its counts from the index alone.
    index('payments_method_status_created_idx').on(t.method, t.status, t.createdAt.desc()),
    // The console's summary of a period, read from the indexes alone: money in by when it arrived
    // with its commission, money back by when it went.
    index('payments_paid_at_idx')
      .on(t.paidAt, t.amount, t.receivedAmount, t.status, t.commissionAmount)
      .where(sql`${t.paidAt} is not null`),
    index('payments_refunded_at_idx')
      .on(t.refundedAt, t.refundedAmount)
      .where(sql`${t.refundedAt} is not null`),
    index('payments_in_flight_created_idx')
      .on(t.createdAt, t.amount)
      .where(sql`${t.status} in ('pending', 'processing')`),
    check('payments_provider_check', inList(t.provider, PAYMENT_RECORD_PROVIDERS)),
    check('payments_method_check', inList(t.method, PAYMENT_RECORD_METHODS)),
    // Cash is a course fee the office took: paid when recorded, with its receipt, never a booking's.
    check(
      'payments_cash_check',
      sql`(${t.provider} = 'office') = (${t.method} = 'cash') and (${t.provider} <> 'office' or (${t.enrollmentId} is not null and ${t.providerRef} is not null))`,
    ),
    check('payments_status_check', inList(t.status, PAYMENT_STATUSES)),
    check('payments_currency_check', sql`${t.currency} = 'KES'`),
    check('payments_amount_check', sql`${t.amount} > 0`),
    check('payments_commission_check', sql`${t.commissionAmount} is null or ${t.commissionAmount} >= 0`),
    check('payments_received_check', sql`${t.receivedAmount} is null or ${t.receivedAmount} >= 0`),
    check('payments_refund_check', sql`${t.refundedAmount} is null or ${t.refundedAmount} between 0 and coalesce(${t.receivedAmount}, ${t.amount})`),
    check('payments_subject_check', sql`num_nonnulls(${t.bookingId}, ${t.enrollmentId}) = 1`),
    // Money that was received (and perhaps is being given back) always says when it arrived.
    check('payments_paid_at_check', sql`${t.status} not in ('paid', 'refund_pending', 'refunded') or ${t.paidAt} is not null`),
    check('payments_refund_owed_check', sql`${t.status} not in ('refund_pending', 'refunded') or ${t.refundedAmount} is not null`),
  ],
);

/** Every provider callback we acted on, keyed by the provider's event identity: a repeat changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    eventKey: text('event_key').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_events_provider_event_key').on(t.provider, t.eventKey),
    index('payment_events_payment_id_idx').on(t.paymentId),
    check('payment_events_provider_check', inList(t.provider, PAYMENT_PROVIDERS)),
  ],
);
