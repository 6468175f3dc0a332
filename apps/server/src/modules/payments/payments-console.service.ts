import { refundAmount } from '@ops/shared/domain/pricing';
import { nairobiDate } from '@ops/shared/domain/nairobi-time';
import {
  ADMIN_PAYMENT_STATUS_LABELS,
  monthOf,
  PAYMENT_METHOD_LABELS,
  PAYMENTS_CSV_MAX_ROWS,
  type AdminPaymentFilters,
  type AdminPaymentListParams,
  type AdminPaymentPage,
  type AdminPaymentRow,
  type AdminPaymentSummary,
  type AdminRefundResult,
} from '@ops/shared/schemas/admin-payments';
import type { Executor } from '../../db/client.ts';
import { readAdminPage } from '../../lib/admin-list.ts';
import { csvLine } from '../../lib/csv.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { getSettings } from '../settings/settings.service.ts';
import type { PaymentDeps } from './payment-common.ts';
import { bookingRefundRefusal, refundBookingPayment } from './payment-refund.service.ts';
import type { PaymentRow } from './payments.repo.ts';
import { findPaymentBatch, findPaymentPage, findPaymentSummary, lockPaymentRecord, paymentWhere, type PaymentRecord } from './payments-console.repo.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** A row of the table: the payment (as listed, or whole after a refund) with its booking or course and its payer. */
type RowSource = Omit<PaymentRecord, 'position' | 'payment'> & { payment: PaymentRecord['payment'] | PaymentRow };

function toPaymentRow({
  payment,
  bookingReference,
  courseTitle,
  bookingStatus,
  bookingPaymentStatus,
  clientFullName,
  clientPhone,
}: RowSource): AdminPaymentRow {
  const refundRequested = payment.status === 'paid' && payment.refundRequestedAt !== null;
  return {
    id: payment.id,
    createdAt: payment.createdAt.toISOString(),
    paidAt: iso(payment.paidAt),
    refundedAt: iso(payment.refundedAt),
    bookingId: payment.bookingId,
    bookingReference,
    courseTitle,
    client: { profileId: payment.payerProfileId, fullName: clientFullName, phone: clientPhone },
    method: payment.method,
    provider: payment.provider,
    providerRef: payment.providerRef,
    amount: payment.amount,
    receivedAmount: payment.receivedAmount,
    refundedAmount: payment.refundedAmount,
    status: payment.status,
    refundRequested,
    // The rules the refund checks, so the action is never offered to be refused.
    canRefund:
      bookingRefundRefusal(payment, bookingStatus && bookingPaymentStatus ? { status: bookingStatus, paymentStatus: bookingPaymentStatus } : null) ===
      null,
    refundAmount: refundAmount(payment.amount),
    failureReason: payment.failureReason,
  };
}

/** Every payment attempt, newest first, searched and filtered (decision 019's numbered pages). */
export async function listPayments(db: Executor, params: AdminPaymentListParams): Promise<AdminPaymentPage> {
  const { rows, total } = await findPaymentPage(db, params);
  return readAdminPage(params, rows, total, toPaymentRow);
}

/** A period's money, this Nairobi month unless `from`/`to` say otherwise. */
export async function paymentSummary(db: Executor, query: { from?: string; to?: string }, now: Date): Promise<AdminPaymentSummary> {
  const month = monthOf(nairobiDate(now));
  const from = query.from ?? (query.to && query.to < month.from ? query.to : month.from);
  const to = query.to ?? (query.from && query.from > month.to ? query.from : month.to);
  const [figures, settings] = await Promise.all([findPaymentSummary(db, from, to), getSettings(db)]);
  return { from, to, ...figures, net: figures.collected - figures.refunded, commissionRateBasisPoints: settings.platformCommissionBasisPoints };
}

/**
 * 'Refund (95%)' on a booking's payment, starting from that payment: read once, locked with what its
 * row shows, the rules checked once (payment-refund.service.ts); the answer is the row as the refund
 * left it (its booking and payer do not change with it).
 */
export async function refundPayment(deps: PaymentDeps, paymentId: string, actor: AuditActor): Promise<AdminRefundResult> {
  const { record, outcome, payment } = await refundBookingPayment(deps, (tx) => lockPaymentRecord(tx, paymentId), actor);
  return { outcome, payment: toPaymentRow({ ...record, payment }) };
}

const CSV_HEADER = [
  'Created (UTC)',
  'Paid (UTC)',
  'Refunded (UTC)',
  'Booking reference',
  'Course',
  'Client',
  'Phone',
  'Method',
  'Provider',
  'Provider reference',
  'Amount (KES)',
  'Received (KES)',
  'Refunded (KES)',
  'Status',
  'Reason',
];
const CSV_BATCH = 1000;

/** The filtered payments as CSV lines, header first, newest first, at most PAYMENTS_CSV_MAX_ROWS, a batch at a time. */
export async function* paymentsCsv(db: Executor, filters: AdminPaymentFilters): AsyncGenerator<string> {
  yield csvLine(CSV_HEADER);
  let after: { position: string; id: string } | null = null;
  let written = 0;
  const where = await paymentWhere(db, filters);
  while (written < PAYMENTS_CSV_MAX_ROWS) {
    const batch = await findPaymentBatch(db, where, after, Math.min(CSV_BATCH, PAYMENTS_CSV_MAX_ROWS - written));
    let chunk = '';
    for (const { payment: p, bookingReference, courseTitle, clientFullName, clientPhone } of batch) {
      chunk += csvLine([
        p.createdAt.toISOString(),
        iso(p.paidAt),
        iso(p.refundedAt),
        bookingReference,
        courseTitle,
        clientFullName,
        clientPhone,
        PAYMENT_METHOD_LABELS[p.method],
        p.provider,
        p.providerRef,
        p.amount,
        p.receivedAmount,
        p.refundedAmount,
        p.status === 'paid' && p.refundRequestedAt ? 'Refund requested' : ADMIN_PAYMENT_STATUS_LABELS[p.status],
        p.failureReason,
      ]);
    }
    if (chunk) yield chunk;
    written += batch.length;
    const last = batch.at(-1);
    if (!last || batch.length < CSV_BATCH) return;
    after = { position: last.position, id: last.payment.id };
  }
}
