/**
 * The console cancels a booking and settles its money in the same step (decision 030). Unpaid, it
 * is simply cancelled. Paid, the admin gives back the policy's share or another amount up to what
 * was paid, with a reason kept on the audit trail; the booking is cancelled through the lifecycle
 * owner and the refund owed on its payment in one transaction, then asked of the provider right
 * after the commit (the job queued with it finishes it after a crash or a lost answer). The client
 * and the guards are told, and a confirmed booking's calendar event is withdrawn.
 */
import { quoteCancellation, type CancellationQuote } from '@ops/shared/domain/cancellation-policy';
import { formatKes } from '@ops/shared/money';
import {
  ADMIN_CANCEL_REASON,
  adminRefundReasonRequired,
  type AdminCancelBookingInput,
  type AdminCancellationPreview,
} from '@ops/shared/schemas/admin-bookings';
import type { Transaction } from '../../db/client.ts';
import type { ConsoleActionContext } from '../../lib/console-action.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { bookingLink } from '../notifications/client-notices.ts';
import { notify } from '../notifications/notifications.service.ts';
import {
  lockPaidBookingPayment,
  owePolicyRefund,
  policyRefundRefusal,
  requestPolicyRefund,
  type PaymentRow,
} from '../payments/payment-cancellation.service.ts';
import { getCancellationPolicy } from '../settings/settings.service.ts';
import { ALREADY_CANCELLED_MESSAGE, ENDED_CANCEL_MESSAGE, type CancelDeps } from './booking-cancel.service.ts';
import { cancel, lockBooking, type BookingRow } from './booking-lifecycle.service.ts';
import { BOOKING_NOT_FOUND } from './booking-staffing.service.ts';
import { findBookingGuardIds } from './booking-staffing.repo.ts';

export const OFFICE_CASH_REFUND_MESSAGE = 'Cash taken at the office is given back at the office: cancel here with no refund.';
export const NOTHING_PAID_REFUND_MESSAGE = 'Nothing was paid for this booking, so nothing can be refunded.';
export const NO_REFUNDABLE_PAYMENT_MESSAGE = 'This booking has no payment that can be refunded from here.';
export const refundAbovePaidMessage = (paid: number) => `The refund cannot be more than the ${formatKes(paid)} paid.`;

export type AdminCancelDeps = CancelDeps & { actor: ConsoleActionContext['actor'] };

export interface AdminCancelledBooking {
  id: string;
  reference: string;
  status: 'cancelled';
  /** Whole KES owed back (0 when none). */
  refund: number;
}

/** The booking locked and still cancellable: 404 when it does not exist, 409 when it is over. */
function checkCancellable(booking: BookingRow | null): BookingRow {
  if (!booking) throw AppError.notFound(BOOKING_NOT_FOUND);
  if (booking.status === 'cancelled') throw AppError.conflict(ALREADY_CANCELLED_MESSAGE);
  if (booking.status === 'completed') throw AppError.conflict(ENDED_CANCEL_MESSAGE);
  return booking;
}

const refundRefusal = (payment: PaymentRow): string | null => (payment.provider === 'office' ? OFFICE_CASH_REFUND_MESSAGE : policyRefundRefusal(payment));

async function quoteFor(tx: Transaction, booking: BookingRow, payment: PaymentRow, now: Date): Promise<CancellationQuote> {
  return quoteCancellation(await getCancellationPolicy(tx), booking.startTime, now, payment.amount);
}

/** What the console's dialog shows before cancelling: the payment and the policy's share now. */
export async function previewAdminCancellation(deps: Pick<CancelDeps, 'db' | 'clock'>, bookingId: string): Promise<AdminCancellationPreview> {
  return deps.db.transaction(async (tx) => {
    const payment = await lockPaidBookingPayment(tx, bookingId);
    const booking = checkCancellable(await lockBooking(tx, bookingId));
    const now = deps.clock();
    const minutesBeforeStart = Math.floor((booking.startTime.getTime() - now.getTime()) / 60_000);
    if (!payment) return { paid: false, amountPaid: 0, policyRefund: 0, percent: 0, minutesBeforeStart, refundRefusal: null };
    const quote = await quoteFor(tx, booking, payment, now);
    return {
      paid: true,
      amountPaid: quote.amountPaid,
      policyRefund: quote.refund,
      percent: quote.percent,
      minutesBeforeStart: quote.minutesBeforeStart,
      refundRefusal: refundRefusal(payment),
    };
  });
}

/** The amount asked for, checked against what was paid and the policy: a field error (400) when it cannot be given. */
function checkRefund(input: AdminCancelBookingInput, booking: BookingRow, payment: PaymentRow | null, quote: CancellationQuote | null): void {
  if (input.refund === 0) return;
  if (!payment || !quote)
    throw AppError.validation({ refund: booking.paymentStatus === 'paid' ? NO_REFUNDABLE_PAYMENT_MESSAGE : NOTHING_PAID_REFUND_MESSAGE });
  const refusal = refundRefusal(payment);
  if (refusal) throw AppError.validation({ refund: refusal });
  if (input.refund > payment.amount) throw AppError.validation({ refund: refundAbovePaidMessage(payment.amount) });
}

/** What the client's refund e-mail says about the amount. */
function refundWords(booking: BookingRow, refund: number, quote: CancellationQuote, reason: string | undefined): string {
  const base = `The OPS office cancelled booking ${booking.reference}.`;
  if (refund === quote.refund) return `${base} Under the cancellation policy ${quote.percent}% of ${formatKes(quote.amountPaid)} is refunded.`;
  return `${base} ${formatKes(refund)} of ${formatKes(quote.amountPaid)} is refunded${reason ? `: ${reason}` : '.'}`;
}

function clientNotice(booking: BookingRow, refund: number): string {
  const base = `Booking ${booking.reference} was cancelled by the OPS office.`;
  return refund > 0 ? `${base} ${formatKes(refund)} goes back to you the way you paid; it can take a few days.` : base;
}

export async function cancelBookingAsAdmin(deps: AdminCancelDeps, bookingId: string, input: AdminCancelBookingInput): Promise<AdminCancelledBooking> {
  const now = deps.clock();
  const { result, refundPaymentId } = await deps.db.transaction(async (tx) => {
    // The paid payment first, then the booking: the order settlement and every refund lock them in.
    const payment = await lockPaidBookingPayment(tx, bookingId);
    const booking = checkCancellable(await lockBooking(tx, bookingId));
    const quote = payment ? await quoteFor(tx, booking, payment, now) : null;
    checkRefund(input, booking, payment, quote);
    const refund = input.refund;
    if (quote && refund !== quote.refund && !input.reason) throw AppError.validation({ reason: adminRefundReasonRequired(formatKes(quote.refund)) });
    const before = { status: booking.status, paymentStatus: booking.paymentStatus };
    await cancel(tx, booking, ADMIN_CANCEL_REASON, now, 'admin', refund > 0 ? 'refunded' : booking.paymentStatus);
    if (payment && quote && refund > 0)
      await owePolicyRefund(tx, deps, payment, { amount: refund, reason: refundWords(booking, refund, quote, input.reason) }, now);
    // A confirmed booking is in the client's calendar: the update removes it there and for the guards.
    if (before.status === 'confirmed') await deps.jobs.enqueue('send-booking-cancelled', { bookingId: booking.id }, { tx });
    await recordAudit(tx, {
      actor: deps.actor,
      action: 'booking.admin_cancel',
      recordType: 'booking',
      recordId: booking.id,
      subjectProfileId: booking.clientProfileId,
      before,
      after: {
        status: 'cancelled',
        paymentStatus: booking.paymentStatus,
        amountPaid: payment?.amount ?? 0,
        policyRefund: quote?.refund ?? 0,
        policyPercent: quote?.percent ?? 0,
        minutesBeforeStart: Math.floor((booking.startTime.getTime() - now.getTime()) / 60_000),
        refund,
        ...(input.reason ? { refundReason: input.reason } : {}),
      },
      at: now,
    });
    const guards = (await findBookingGuardIds(tx, booking.id)).map((g) => g.guardProfileId);
    await notify(tx, [booking.clientProfileId], 'booking', clientNotice(booking, refund), bookingLink(booking.id));
    await notify(tx, guards, 'booking', `Booking ${booking.reference} was cancelled by the OPS office: the job is off.`, bookingLink(booking.id));
    const cancelled: AdminCancelledBooking = { id: booking.id, reference: booking.reference, status: 'cancelled', refund };
    return { result: cancelled, refundPaymentId: refund > 0 && payment ? payment.id : null };
  });
  if (refundPaymentId) {
    deps.logger.info(
      { bookingId, paymentId: refundPaymentId, refund: result.refund, by: deps.actor.profileId },
      'booking cancelled by an admin with a refund',
    );
    await requestPolicyRefund(deps, refundPaymentId);
  }
  return result;
}
