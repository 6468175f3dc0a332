import { z } from 'zod';
import type { PAYMENT_RECORD_METHODS, PAYMENT_RECORD_PROVIDERS, PAYMENT_STATUSES } from '../constants.ts';
import { addDaysToDate, isIsoDate } from '../domain/nairobi-time.ts';
import { adminListQuery, type AdminPage } from './admin-list.ts';

/**
 * The console's Payments view (under /api/admin, permission payments.read; refunds payments.refund).
 * Dates are Nairobi calendar days, both ends included. Money is whole KES.
 */

/** Online (M-Pesa, card) or cash the academy's office took. */
export type PaymentMethod = (typeof PAYMENT_RECORD_METHODS)[number];
export type PaymentProviderKind = (typeof PAYMENT_RECORD_PROVIDERS)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

const isoDay = (label: string) =>
  z
    .string()
    .refine(isIsoDate, `${label} must be a date (YYYY-MM-DD)`)
    .optional()
    .or(z.literal('').transform(() => undefined));

/** 'pending' covers an attempt the provider reports as processing too. */
export const ADMIN_PAYMENT_STATUS_FILTERS = ['all', 'pending', 'paid', 'failed', 'refund_pending', 'refunded'] as const;
export type AdminPaymentStatusFilter = (typeof ADMIN_PAYMENT_STATUS_FILTERS)[number];
export const ADMIN_PAYMENT_METHOD_FILTERS = ['all', 'mpesa', 'card', 'cash'] as const;
export type AdminPaymentMethodFilter = (typeof ADMIN_PAYMENT_METHOD_FILTERS)[number];

// ---------------------------------------------------------------- GET /api/admin/payments (and payments.csv)

/**
 * q: the beginning of a booking reference (with or without 'OPS-'), a fragment of the client's
 * name, company or phone (07… or 254…), a fragment of a course fee's course title, or the
 * provider's reference or the office's receipt number (whole, in capitals or small letters).
 * from/to: the day the attempt was made.
 */
export const adminPaymentListQuery = adminListQuery({
  sorts: ['created'] as const,
  defaultSort: 'created',
  defaultDir: 'desc',
  filters: {
    status: z.enum(ADMIN_PAYMENT_STATUS_FILTERS, { error: 'Unknown status' }).default('all'),
    method: z.enum(ADMIN_PAYMENT_METHOD_FILTERS, { error: 'Unknown method' }).default('all'),
    from: isoDay('From'),
    to: isoDay('To'),
  },
}).refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'To cannot be before From' });
export type AdminPaymentListQuery = z.input<typeof adminPaymentListQuery>;
export type AdminPaymentListParams = z.output<typeof adminPaymentListQuery>;
export type AdminPaymentFilters = Omit<AdminPaymentListParams, 'sort' | 'dir' | 'page' | 'pageSize'>;

export interface AdminPaymentRow {
  id: string;
  createdAt: string;
  /** When the money arrived (null until it has). */
  paidAt: string | null;
  /** When the provider completed the refund. */
  refundedAt: string | null;
  bookingId: string | null;
  /** The booking's reference; null for a course fee. */
  bookingReference: string | null;
  /** The course a course fee paid for; null for a booking's payment. */
  courseTitle: string | null;
  client: { profileId: string; fullName: string; phone: string | null };
  /** How the client paid: what the provider reported once the money arrived, what was chosen before. */
  method: PaymentMethod;
  /** 'sandbox' when the built-in test checkout took the payment, not real money; 'office' for cash at the academy's desk. */
  provider: PaymentProviderKind;
  /** The provider's reference (IntaSend invoice id), or the office's receipt number for cash; null until there is one. */
  providerRef: string | null;
  amount: number;
  /** What arrived when it was not the amount owed (all of it is refunded). */
  receivedAmount: number | null;
  /** Being or already given back. */
  refundedAmount: number | null;
  status: PaymentStatus;
  /** An admin's refund asked of the provider and not answered yet: the payment is still paid. */
  refundRequested: boolean;
  /** 'Refund (95%)' is offered: a paid booking payment, its booking confirmed or cancelled, no refund asked yet. */
  canRefund: boolean;
  /** What 'Refund (95%)' would give back: 95% of the amount, rounded down to whole KES. */
  refundAmount: number;
  /** Why it failed, or what its refund is for. */
  failureReason: string | null;
}
export type AdminPaymentPage = AdminPage<AdminPaymentRow>;

/** GET /api/admin/payments.csv takes the list's filters and returns at most this many rows, newest first. */
export const PAYMENTS_CSV_MAX_ROWS = 50_000;

// ---------------------------------------------------------------- GET /api/admin/payments/summary

/** from/to default to this Nairobi month; a period is at most PAYMENT_PERIOD_MAX_DAYS long. */
export const PAYMENT_PERIOD_MAX_DAYS = 3_660;
export const adminPaymentSummaryQuery = z
  .object({ from: isoDay('From'), to: isoDay('To') })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'To cannot be before From' })
  .refine((q) => !q.from || !q.to || q.to <= addDaysToDate(q.from, PAYMENT_PERIOD_MAX_DAYS), {
    path: ['to'],
    message: 'Choose a period of at most ten years',
  });
export type AdminPaymentSummaryQuery = z.input<typeof adminPaymentSummaryQuery>;

export interface AdminPaymentSummary {
  from: string;
  to: string;
  /** Money that arrived in the period (by when it arrived), whatever happened to it since. */
  collected: number;
  collectedCount: number;
  /** Refunds the provider completed in the period (by when they completed). */
  refunded: number;
  refundedCount: number;
  /** collected − refunded. */
  net: number;
  /** Attempts made in the period still waiting for the provider's answer. */
  pending: number;
  pendingCount: number;
  /** Refunds accepted by the provider and not completed yet, now (any period). */
  refundsPending: number;
  refundsPendingCount: number;
  /**
   * The platform's commission on the bookings paid in the period and not refunded, as recorded on
   * each booking when it was paid (at the settings' rate of that moment).
   */
  commission: number;
  /** The settings' commission rate now, in basis points (500 = 5%). */
  commissionRateBasisPoints: number;
}

// ---------------------------------------------------------------- POST /api/admin/payments/:id/refund

export const paymentIdParam = z.object({ id: z.uuid({ error: 'Unknown payment' }) });

/**
 * 200 with outcome 'accepted' (the provider took it: Refund pending, or Refunded when it completed at
 * once); 202 with 'unconfirmed' (no answer yet: the payment stays paid, the refund is found or asked
 * for again by a job). A refusal is a 409 whose message says why.
 */
export interface AdminRefundResult {
  outcome: 'accepted' | 'unconfirmed';
  payment: AdminPaymentRow;
}

/** The first and last day of the Nairobi month `today` falls in, and of the month before. */
export function monthOf(today: string, monthsBack = 0): { from: string; to: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) - monthsBack;
  const pad = (n: number) => String(n).padStart(2, '0');
  const from = `${Math.floor(index / 12)}-${pad((index % 12) + 1)}-01`;
  const nextIndex = index + 1;
  const next = `${Math.floor(nextIndex / 12)}-${pad((nextIndex % 12) + 1)}-01`;
  return { from, to: addDaysToDate(next, -1) };
}

/** The words of the Payments view's status badges and CSV (processing is still Pending to an operator). */
export const ADMIN_PAYMENT_STATUS_LABELS: Readonly<Record<PaymentStatus, string>> = {
  pending: 'Pending',
  processing: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  refund_pending: 'Refund pending',
  refunded: 'Refunded',
};

export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = { mpesa: 'M-Pesa', card: 'Card', cash: 'Cash' };
