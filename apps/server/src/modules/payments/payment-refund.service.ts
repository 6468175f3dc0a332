/**
 * Giving money back through the provider. The payment row is marked refund_pending (with the
 * amount owed) in the same transaction as the decision, then the refund is requested; a failed
 * request is retried by a job, so a refund that is owed is never forgotten.
 */
import type { PaymentDto } from '@ops/shared/schemas/payments';
import { formatKes } from '@ops/shared/money';
import { refundAmount } from '@ops/shared/domain/pricing';
import type { Transaction } from '../../db/client.ts';
import type { Viewer } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { PaymentProviderError, type RefundStatus } from '../../providers/payments/payment-provider.ts';
import { lockBooking, markRefunded } from '../bookings/booking-lifecycle.service.ts';
import { bookingLink } from '../notifications/client-notices.ts';
import { notify } from '../notifications/notifications.service.ts';
import type { PaymentDeps } from './payment-common.ts';
import { getPaymentDto } from './payment-dto.ts';
import { claimRefundRequest, findPaidBookingPayment, findPayment, lockPayment, updatePayment } from './payments.repo.ts';

/** A claim older than this was left by a worker that died or never heard back; it may be retried. */
export const REFUND_CLAIM_MS = 10 * 60_000;

/**
 * A refund is requested right after the decision commits; the job queued with the decision runs
 * this much later and finds it done, under way, or (after a crash or a refusal) still to ask.
 */
export const REFUND_BACKSTOP_MS = 60_000;

/**
 * In the transaction that decided a refund is owed: the job that requests it (a back-stop for the
 * request made right after the commit, which it finds done or under way) and the client's notice.
 */
export async function queueRefund(tx: Transaction, deps: Pick<PaymentDeps, 'jobs'>, paymentId: string, now: Date): Promise<void> {
  await deps.jobs.enqueue('payment-refund', { paymentId }, { tx, startAfter: new Date(now.getTime() + REFUND_BACKSTOP_MS) });
  await deps.jobs.enqueue('send-payment-refund-notice', { paymentId }, { tx });
}

/**
 * Requests the refund a payment row says is owed. Throws when the provider did not accept it, so
 * the job that called it is retried. 'nothing' when no refund is owed (any more); 'busy' when
 * another request is under way or its answer never came (try again after REFUND_CLAIM_MS).
 */
export async function requestOwedRefund(deps: PaymentDeps, paymentId: string): Promise<'requested' | 'nothing' | 'busy'> {
  const now = deps.clock();
  const claimed = await claimRefundRequest(deps.db, paymentId, now, new Date(now.getTime() - REFUND_CLAIM_MS));
  if (!claimed) {
    const payment = await findPayment(deps.db, paymentId);
    return payment?.status === 'refund_pending' && !payment.refundRef ? 'busy' : 'nothing';
  }
  if (!claimed.providerRef || claimed.refundedAmount === null) {
    deps.logger.error({ paymentId }, 'a refund is owed but the payment has no provider reference; refund it by hand');
    return 'nothing';
  }
  try {
    const refund = await deps.payments.refund({
      providerRef: claimed.providerRef,
      amountKes: claimed.refundedAmount,
      reason: claimed.failureReason ?? 'Refund',
    });
    await recordRefundState(deps, paymentId, refund);
    deps.logger.info({ paymentId, refundRef: refund.refundRef, amount: claimed.refundedAmount, state: refund.state }, 'refund requested');
    return 'requested';
  } catch (err) {
    // After a time-out the refund may exist: keep the claim, so nobody asks again before it is stale.
    if (!(err instanceof PaymentProviderError && err.kind === 'timeout')) {
      await updatePayment(deps.db, paymentId, { refundRequestedAt: null }, deps.clock());
    }
    throw err;
  }
}

/** IntaSend's refunds (chargebacks) complete days later: look again this often until they do. */
export const REFUND_FOLLOW_UP_MS = 6 * 3600_000;

/** COMPLETED: refunded. PENDING: asked again later. CANCELLED: still owed (refund_pending), for a person to act on. */
async function recordRefundState(deps: PaymentDeps, paymentId: string, refund: RefundStatus): Promise<void> {
  const done = refund.state === 'COMPLETED';
  if (refund.state === 'CANCELLED') deps.logger.error({ paymentId, refundRef: refund.refundRef }, 'the provider cancelled the refund; refund it by hand');
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    await updatePayment(tx, paymentId, { refundRef: refund.refundRef, status: done ? 'refunded' : 'refund_pending', refundedAt: done ? now : null }, now);
    if (refund.state === 'PENDING')
      await deps.jobs.enqueue('payment-refund', { paymentId, followUp: true }, { tx, startAfter: new Date(now.getTime() + REFUND_FOLLOW_UP_MS) });
  });
}

/** The 'payment-refund' job's second half: a requested refund still open is asked about again. */
export async function followUpRefund(deps: PaymentDeps, paymentId: string): Promise<void> {
  const payment = await findPayment(deps.db, paymentId);
  if (payment?.status !== 'refund_pending' || !payment.refundRef) return;
  await recordRefundState(deps, paymentId, await deps.payments.getRefund(payment.refundRef));
}

/**
 * Asks now; when that fails, the 'payment-refund' job queued with the decision (queueRefund) keeps
 * asking. Never throws.
 */
export async function requestOwedRefundSafely(deps: PaymentDeps, paymentId: string): Promise<void> {
  try {
    await requestOwedRefund(deps, paymentId);
  } catch (err) {
    const detail = err instanceof PaymentProviderError ? err.detail : undefined;
    deps.logger.error({ err, detail, paymentId }, 'refund request failed; a job will retry it');
  }
}

/**
 * An admin cancels a confirmed booking and gives back 95% of what was paid (DECISIONS: Money).
 * The booking and the payment change together; the refund is then requested from the provider.
 */
export async function refundBooking(deps: PaymentDeps, bookingId: string, actor: Viewer, reason = 'Cancelled by OPS Security'): Promise<PaymentDto> {
  if (actor.role !== 'admin') throw AppError.forbidden('Only an administrator can refund a booking.');
  const now = deps.clock();
  const paid = await findPaidBookingPayment(deps.db, bookingId);
  if (!paid) throw AppError.conflict('This booking has no payment to refund.');

  await deps.db.transaction(async (tx) => {
    // Payment first, then booking: the order settlePayment takes its locks in.
    const payment = await lockPayment(tx, paid.id);
    const booking = await lockBooking(tx, bookingId);
    if (!payment || payment.status !== 'paid' || !booking) throw AppError.conflict('This booking has no payment to refund.');
    if (booking.status !== 'confirmed' || booking.paymentStatus !== 'paid') throw AppError.conflict(`A ${booking.status} booking cannot be refunded.`);
    const amount = refundAmount(payment.amount);
    const why = `${reason}: ${formatKes(amount)} (95% of ${formatKes(payment.amount)}) is refunded.`;
    await updatePayment(tx, payment.id, { status: 'refund_pending', refundedAmount: amount, failureReason: why }, now);
    await markRefunded(tx, booking, reason, now);
    await notify(tx, [booking.clientProfileId], 'payment', `Booking ${booking.reference} was cancelled. ${why}`, bookingLink(booking.id));
    if (booking.guardProfileId)
      await notify(tx, [booking.guardProfileId], 'booking', `Booking ${booking.reference} was cancelled.`, bookingLink(booking.id));
    await queueRefund(tx, deps, payment.id, now);
    deps.logger.info({ bookingId, paymentId: payment.id, amount, by: actor.profileId }, 'booking cancelled and refunded');
  });

  await requestOwedRefundSafely(deps, paid.id);
  const dto = await getPaymentDto(deps.db, paid.id);
  if (!dto) throw new Error(`payment ${paid.id} vanished`);
  return dto;
}
