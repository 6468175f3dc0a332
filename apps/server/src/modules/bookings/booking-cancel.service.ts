/**
 * A client cancels a booking of theirs (decision 030).
 * - Still waiting for its money: the hold is released at once, so the guard's time is free for
 *   anyone and the client's unpaid holds count one fewer. A checkout already under way is not
 *   stopped at the provider: money that arrives for the cancelled booking goes back through the
 *   late-money path (payment-settle).
 * - Paid: under the operator's notice policy, with a reason. The booking is cancelled, the guards'
 *   time freed, and the policy's share of the price owed back on its payment in one transaction; the
 *   refund is asked for right after the commit (the job queued with it finishes it after a crash).
 *   The guards and the OPS office are told, and the cancellation is on the audit trail.
 */
import { isLateCancellation, quoteCancellation, quoteText, type CancellationQuote } from '@ops/shared/domain/cancellation-policy';
import { formatKes } from '@ops/shared/money';
import type { CancelBookingInput } from '@ops/shared/schemas/bookings';
import type { Transaction } from '../../db/client.ts';
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { bookingLink } from '../notifications/client-notices.ts';
import { notify, notifyAdmins } from '../notifications/notifications.service.ts';
import {
  lockPaidBookingPayment,
  owePolicyRefund,
  policyRefundRefusal,
  requestPolicyRefund,
  type PaymentRow,
} from '../payments/payment-cancellation.service.ts';
import { getCancellationPolicy } from '../settings/settings.service.ts';
import { cancel, lockBooking, type BookingRow } from './booking-lifecycle.service.ts';
import { BOOKING_NOT_FOUND } from './booking-staffing.service.ts';
import { findBookingGuardIds } from './booking-staffing.repo.ts';

export const CLIENT_UNPAID_CANCEL_REASON = 'Cancelled by the client before paying';
export const ALREADY_CANCELLED_MESSAGE = 'This booking is already cancelled.';
export const ENDED_CANCEL_MESSAGE = 'This booking is complete and cannot be cancelled.';
export const REASON_REQUIRED_MESSAGE = 'Choose why you are cancelling.';
export const REFUND_CHANGED_MESSAGE = 'The refund has changed since you opened this: the start is nearer now. Check the new figure and confirm again.';

export type CancelDeps = Pick<AppDeps, 'db' | 'jobs' | 'logger' | 'payments' | 'clock' | 'config'>;

export interface CancelledBooking {
  id: string;
  reference: string;
  status: 'cancelled';
  /** What goes back under the policy (0 for an unpaid booking, or too late for a refund). */
  refund: number;
  refundPercent: number;
}

/** What cancelling now would give back: the figures the client confirms (GET …/cancellation). */
export interface CancellationPreview extends CancellationQuote {
  paid: boolean;
  message: string;
}

const isPaid = (b: BookingRow) => b.status === 'confirmed' || b.paymentStatus === 'paid' || b.paymentStatus === 'refunded';

/** The booking locked and checked as this client's and still cancellable; 404 for another client's. */
function checkCancellable(booking: BookingRow | null, clientProfileId: string): BookingRow {
  // Another client's booking is answered as one that does not exist.
  if (!booking || booking.clientProfileId !== clientProfileId) throw AppError.notFound(BOOKING_NOT_FOUND);
  if (booking.status === 'cancelled') throw AppError.conflict(ALREADY_CANCELLED_MESSAGE);
  if (booking.status === 'completed') throw AppError.conflict(ENDED_CANCEL_MESSAGE);
  return booking;
}

/** The booking's price as paid: what the policy's share is taken of. */
const pricePaid = (booking: BookingRow, payment: { amount: number } | null): number => payment?.amount ?? booking.price;

export async function previewCancellation(deps: Pick<AppDeps, 'db' | 'clock'>, clientProfileId: string, bookingId: string): Promise<CancellationPreview> {
  return deps.db.transaction(async (tx) => {
    const payment = await lockPaidBookingPayment(tx, bookingId);
    const booking = checkCancellable(await lockBooking(tx, bookingId), clientProfileId);
    if (!isPaid(booking)) {
      const minutesBeforeStart = Math.floor((booking.startTime.getTime() - deps.clock().getTime()) / 60_000);
      return {
        window: 'none',
        minutesBeforeStart,
        percent: 0,
        amountPaid: 0,
        refund: 0,
        paid: false,
        message: 'Nothing has been paid, so nothing is charged.',
      };
    }
    const quote = quoteCancellation(await getCancellationPolicy(tx), booking.startTime, deps.clock(), pricePaid(booking, payment));
    return { ...quote, paid: true, message: quoteText(quote) };
  });
}

const hoursText = (minutes: number) => {
  if (minutes <= 0) return 'after its start';
  const hours = Math.floor(minutes / 60);
  return hours >= 1 ? `${hours} hour${hours === 1 ? '' : 's'} before its start` : `${minutes} minute${minutes === 1 ? '' : 's'} before its start`;
};

/** What the client's refund e-mail and the OPS office read. */
function refundReason(booking: BookingRow, quote: CancellationQuote): string {
  const share = `${quote.percent}% of ${formatKes(quote.amountPaid)}`;
  return `You cancelled booking ${booking.reference} ${hoursText(quote.minutesBeforeStart)}. Under the cancellation policy ${share} is refunded.`;
}

async function cancelPaid(
  tx: Transaction,
  deps: CancelDeps,
  booking: BookingRow,
  payment: PaymentRow | null,
  input: CancelBookingInput & { actor: AuditActor },
  now: Date,
): Promise<{ result: CancelledBooking; refundPaymentId: string | null }> {
  if (!input.reason) throw AppError.validation({ reason: REASON_REQUIRED_MESSAGE });
  const refusal = payment && policyRefundRefusal(payment);
  if (refusal) throw AppError.conflict(refusal);
  const quote = quoteCancellation(await getCancellationPolicy(tx), booking.startTime, now, pricePaid(booking, payment));
  if (input.expectedRefund !== undefined && input.expectedRefund !== quote.refund) throw AppError.conflict(REFUND_CHANGED_MESSAGE);
  const why = input.note ? `${input.reason}: ${input.note}` : input.reason;
  const refund = payment ? quote.refund : 0;
  await cancel(tx, booking, why, now, 'client', refund > 0 ? 'refunded' : booking.paymentStatus);
  if (payment) await owePolicyRefund(tx, deps, payment, { amount: refund, reason: refundReason(booking, quote) }, now);
  // The confirmation put it in the client's calendar: the update removes it there and for the guards.
  await deps.jobs.enqueue('send-booking-cancelled', { bookingId: booking.id }, { tx });
  await recordAudit(tx, {
    actor: input.actor,
    action: 'booking.client_cancel',
    recordType: 'booking',
    recordId: booking.id,
    subjectProfileId: booking.clientProfileId,
    before: { status: 'confirmed', paymentStatus: 'paid' },
    after: {
      status: 'cancelled',
      reason: why,
      minutesBeforeStart: quote.minutesBeforeStart,
      refundPercent: quote.percent,
      refund,
      late: isLateCancellation(quote),
    },
    at: now,
  });
  const guards = (await findBookingGuardIds(tx, booking.id)).map((g) => g.guardProfileId);
  await notify(tx, guards, 'booking', `Booking ${booking.reference} was cancelled by the client: the job is off.`, bookingLink(booking.id));
  const money = refund > 0 ? `${formatKes(refund)} (${quote.percent}%) goes back` : 'nothing goes back under the policy';
  await notifyAdmins(
    tx,
    'booking',
    `The client cancelled booking ${booking.reference} ${hoursText(quote.minutesBeforeStart)} (${why}); ${money}.`,
    `/admin?view=bookings`,
  );
  return {
    result: { id: booking.id, reference: booking.reference, status: 'cancelled', refund, refundPercent: refund > 0 ? quote.percent : 0 },
    refundPaymentId: refund > 0 && payment ? payment.id : null,
  };
}

export async function cancelClientBooking(
  deps: CancelDeps,
  clientProfileId: string,
  bookingId: string,
  input: CancelBookingInput & { actor: AuditActor },
): Promise<CancelledBooking> {
  const now = deps.clock();
  const { result, refundPaymentId } = await deps.db.transaction(async (tx) => {
    // The paid payment first, then the booking: the order settlement and the console's refund lock them in.
    const payment = await lockPaidBookingPayment(tx, bookingId);
    const booking = checkCancellable(await lockBooking(tx, bookingId), clientProfileId);
    if (payment || isPaid(booking)) return cancelPaid(tx, deps, booking, payment, input, now);
    const checkoutUnderWay = booking.paymentStatus === 'pending';
    await cancel(tx, booking, CLIENT_UNPAID_CANCEL_REASON, now, 'client');
    deps.logger.info({ bookingId: booking.id, checkoutUnderWay }, 'client cancelled an unpaid booking');
    const cancelled: CancelledBooking = { id: booking.id, reference: booking.reference, status: 'cancelled', refund: 0, refundPercent: 0 };
    return { result: cancelled, refundPaymentId: null };
  });
  if (refundPaymentId) {
    deps.logger.info({ bookingId, paymentId: refundPaymentId, refund: result.refund }, 'client cancelled a paid booking; refund owed under the policy');
    await requestPolicyRefund(deps, refundPaymentId);
  }
  return result;
}
