import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { PAYMENT_METHODS } from '@ops/shared/constants';
import { inList } from './helpers.ts';

export const SANDBOX_OUTCOMES = ['pending', 'approved', 'declined'] as const;

/** A refund the sandbox recorded, kept beside its payment (dates as ISO strings in JSON). */
export interface SandboxRefundRecord {
  refundRef: string;
  amountKes: number;
  reason: string;
  createdAt: string;
}

/**
 * The built-in sandbox provider's own ledger: what IntaSend would remember about a checkout. It
 * lives in the database (not in memory) so every copy of the server sees the same test payments.
 */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    providerRef: text('provider_ref').primaryKey(),
    apiRef: text('api_ref').notNull(),
    amountKes: integer('amount_kes').notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    phone: text('phone'),
    email: text('email').notNull(),
    narrative: text('narrative').notNull(),
    redirectUrl: text('redirect_url').notNull(),
    outcome: text('outcome', { enum: SANDBOX_OUTCOMES }).notNull().default('pending'),
    failureReason: text('failure_reason'),
    payerDetail: text('payer_detail'),
    /** Kept beside `refunds` so the database itself refuses refunding more than was paid. */
    refundedKes: integer('refunded_kes').notNull().default(0),
    refunds: jsonb('refunds').$type<SandboxRefundRecord[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    check('sandbox_payments_outcome_check', inList(t.outcome, SANDBOX_OUTCOMES)),
    check('sandbox_payments_method_check', inList(t.method, PAYMENT_METHODS)),
    check('sandbox_payments_amount_check', sql`${t.amountKes} > 0`),
    check('sandbox_payments_refunded_check', sql`${t.refundedKes} between 0 and ${t.amountKes}`),
    // Decided exactly when no longer pending; only a declined payment has a reason.
    check('sandbox_payments_decided_check', sql`(${t.outcome} = 'pending') = (${t.decidedAt} is null)`),
    check('sandbox_payments_reason_check', sql`${t.outcome} = 'declined' or ${t.failureReason} is null`),
    check('sandbox_payments_refund_paid_check', sql`${t.refundedKes} = 0 or ${t.outcome} = 'approved'`),
  ],
);
