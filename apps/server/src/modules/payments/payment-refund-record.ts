/**
 * What the provider said about a refund, written down: the one place where a refund's acceptance,
 * completion or refusal changes the payment (through payment-lifecycle.service.ts) and, for an
 * admin's refund, what it paid for (the booking here, a course fee's enrolment through the academy's
 * settlement handler) and the notices. The admin's request, the 'payment-refund' job and the
 * chargeback webhook end here.
 */
import { ENROLLMENT_REFUND_PERCENT } from '@ops/shared/domain/enrollment-status';
import { formatKes } from '@ops/shared/money';
import { refundAmount, REFUND_PERCENT } from '@ops/shared/domain/pricing';
import type { Transaction } from '../../db/client.ts';
import type { PaymentProviderError, RefundStatus } from '../../providers/payments/payment-provider.ts';
import { findLastActor, recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { lockBooking, markRefunded } from '../bookings/booking-lifecycle.service.ts';
import { bookingLink } from '../notifications/client-notices.ts';
import { notify, notifyAdmins } from '../notifications/notifications.service.ts';
import { adminLink, type PaymentDeps } from './payment-common.ts';
import { recordRefundAccepted, recordRefundProgress, releaseRefundClaim } from './payment-lifecycle.service.ts';
import { settlementHandler } from './payment-settlement-handlers.ts';
import { lockPayment, type PaymentRow } from './payments.repo.ts';

/** Why an admin's refund cancels the booking, as the booking and the client's notice say it. */
export const ADMIN_REFUND_REASON = 'Cancelled by OPS Security';

/** How the admin's reason for cancelling an enrolment rides on the claimed payment until the provider answers (and to the provider). */
export const ENROLLMENT_CANCEL_PREFIX = 'Enrolment cancelled: ';

export const enrollmentCancelReason = (failureReason: string | null): string =>
  failureReason?.startsWith(ENROLLMENT_CANCEL_PREFIX) ? failureReason.slice(ENROLLMENT_CANCEL_PREFIX.length) : ADMIN_REFUND_REASON;

/**
 * An admin's refund on the trail: asked for (with the claim), then made (once the provider took it,
 * by the admin who asked) or refused by the provider. Only a refund the provider took reads
 * 'Refunded payment' in Activity.
 */
export const REFUND_REQUEST_ACTION = 'payment.refund_request';
export const REFUND_MADE_ACTION = 'payment.refund';
export const REFUND_REFUSED_ACTION = 'payment.refund_refused';

/** IntaSend's refunds (chargebacks) complete days later: look again this often until they do. */
export const REFUND_FOLLOW_UP_MS = 6 * 3600_000;

/**
 * COMPLETED: refunded. PENDING: refund_pending, asked about again later. CANCELLED: an owed refund
 * stays owed (refund_pending) for a person to act on; an admin's refund not yet recorded is undone.
 * A payment still paid is changed only when an admin asked for its refund (it is claimed). Returns
 * the payment as it stands afterwards (null when there is none).
 */
export async function recordRefundState(deps: PaymentDeps, paymentId: string, refund: RefundStatus, actor?: AuditActor): Promise<PaymentRow | null> {
  const now = deps.clock();
  const log = deps.logger.child({ paymentId, refundRef: refund.refundRef, refundState: refund.providerState });
  return deps.db.transaction(async (tx) => {
    const payment = await lockPayment(tx, paymentId);
    if (!payment || payment.status === 'refunded') return payment;
    let recorded: PaymentRow;
    if (payment.status === 'paid') {
      if (payment.refundRequestedAt === null) {
        log.error('the provider reports a refund of a paid payment nobody asked for here; check it in the provider’s dashboard');
        await notifyAdmins(
          tx,
          'payment',
          `The payment service reports a refund we did not ask for (payment ${payment.apiRef}). Please check it.`,
          adminLink,
        );
        return payment;
      }
      if (refund.state === 'CANCELLED') {
        log.error('the provider cancelled an admin’s refund before it was recorded; the payment stays paid');
        return (await releaseRefundClaim(tx, payment.id, now)) ?? payment;
      }
      recorded = await acceptAdminRefund(tx, deps, payment, refund, now, actor);
    } else if (payment.status === 'refund_pending') {
      if (refund.state === 'CANCELLED') log.error('the provider cancelled the refund; refund it by hand');
      recorded = await recordRefundProgress(tx, payment, { refundRef: refund.refundRef, done: refund.state === 'COMPLETED' }, now);
    } else {
      return payment;
    }
    if (refund.state === 'PENDING')
      await deps.jobs.enqueue('payment-refund', { paymentId, followUp: true }, { tx, startAfter: new Date(now.getTime() + REFUND_FOLLOW_UP_MS) });
    return recorded;
  });
}

/**
 * The provider took an admin's refund: the payment gives back 95%, the booking is cancelled (or,
 * cancelled already, keeps its reason) with its payment status refunded, and the client and the
 * guard hear of it; a course fee's enrolment is cancelled by the academy's handler. The e-mail
 * follows from a job.
 */
async function acceptAdminRefund(
  tx: Transaction,
  deps: PaymentDeps,
  payment: PaymentRow,
  refund: RefundStatus,
  now: Date,
  actor?: AuditActor,
): Promise<PaymentRow> {
  const done = refund.state === 'COMPLETED';
  const amount = refundAmount(payment.amount);
  // Made by the admin who asked for it, also when the job found it after the answer was lost.
  const by = actor ?? (await findLastActor(tx, REFUND_REQUEST_ACTION, 'payment', payment.id));
  if (by) {
    await recordAudit(tx, {
      actor: by,
      action: REFUND_MADE_ACTION,
      recordType: 'payment',
      recordId: payment.id,
      subjectProfileId: payment.payerProfileId,
      before: { status: 'paid' },
      after: { status: done ? 'refunded' : 'refund_pending', refundAmount: amount, amount: payment.amount },
      at: now,
    });
  } else {
    deps.logger.error({ paymentId: payment.id }, 'a refund was taken for a payment whose request is not on the audit trail');
  }
  if (payment.enrollmentId) return acceptEnrollmentRefund(tx, deps, payment, refund, { amount, by: by ?? null }, now);
  const share = `${formatKes(amount)} (${REFUND_PERCENT}% of ${formatKes(payment.amount)})`;
  const why = `${ADMIN_REFUND_REASON}: ${share} is refunded.`;
  const recorded = await recordRefundAccepted(tx, payment, { refundRef: refund.refundRef, refundedAmount: amount, done, failureReason: why }, now);
  const booking = payment.bookingId ? await lockBooking(tx, payment.bookingId) : null;
  if (!booking) return recorded;
  if (booking.paymentStatus === 'paid' && (booking.status === 'confirmed' || booking.status === 'cancelled')) {
    const wasConfirmed = booking.status === 'confirmed';
    await markRefunded(tx, booking, ADMIN_REFUND_REASON, now);
    if (wasConfirmed) await deps.jobs.enqueue('send-booking-cancelled', { bookingId: booking.id }, { tx });
  } else {
    // The booking moved on while the provider was asked (completed, say): the money still goes back.
    deps.logger.error(
      { paymentId: payment.id, bookingId: booking.id, status: booking.status },
      'refund accepted for a booking that can no longer be marked refunded',
    );
  }
  const money = done ? `${share} has been refunded.` : `A refund of ${share} is on its way to you.`;
  await notify(tx, [booking.clientProfileId], 'payment', `Booking ${booking.reference} was cancelled by OPS Security. ${money}`, bookingLink(booking.id));
  if (booking.guardProfileId)
    await notify(tx, [booking.guardProfileId], 'booking', `Booking ${booking.reference} was cancelled.`, bookingLink(booking.id));
  await deps.jobs.enqueue('send-payment-refund-notice', { paymentId: payment.id }, { tx });
  return recorded;
}

/**
 * The provider took the refund of a course fee paid online that an admin cancelled: the payment
 * gives back the academy's refund rule's share, the academy's handler cancels the enrolment (its seat
 * freed, the cancellation on the trail by the admin who asked, the student told on the bell), and the
 * refund e-mail follows from a job.
 */
async function acceptEnrollmentRefund(
  tx: Transaction,
  deps: PaymentDeps,
  payment: PaymentRow,
  refund: RefundStatus,
  accepted: { amount: number; by: AuditActor | null },
  now: Date,
): Promise<PaymentRow> {
  const done = refund.state === 'COMPLETED';
  const reason = enrollmentCancelReason(payment.failureReason);
  const words = reason.replace(/[.!?]?\s*$/, '.');
  const recorded = await recordRefundAccepted(
    tx,
    payment,
    {
      refundRef: refund.refundRef,
      refundedAmount: accepted.amount,
      done,
      failureReason: `Your enrollment was cancelled by OPS Security: ${words} The academy refunds ${ENROLLMENT_REFUND_PERCENT}% of the ${formatKes(payment.amount)} paid.`,
    },
    now,
  );
  if (!(await settlementHandler('enrollment').refundAccepted(tx, payment, { reason, amount: accepted.amount, done, by: accepted.by }, now))) {
    deps.logger.error(
      { paymentId: payment.id, enrollmentId: payment.enrollmentId },
      'refund accepted for an enrolment that can no longer be cancelled; the money still goes back',
    );
  }
  await deps.jobs.enqueue('send-payment-refund-notice', { paymentId: payment.id }, { tx });
  return recorded;
}

/**
 * The provider refused an admin's refund: the claim is released, so the payment stays paid and the
 * booking as it was (`clearReason`: an enrolment's cancellation reason, which rode on the claim, goes
 * with it); the refusal is recorded (by the admin who asked, when there is one) and the admins are
 * told. Returns the words the console shows after 'Failed to process refund'.
 */
export async function refundRefusal(
  deps: PaymentDeps,
  payment: PaymentRow,
  err: PaymentProviderError,
  actor?: AuditActor,
  clearReason = false,
): Promise<string> {
  const reason = err.providerMessage ? `The payment service refused the refund: ${err.providerMessage}` : err.message;
  const now = deps.clock();
  deps.logger.error({ paymentId: payment.id, detail: err.detail }, 'the provider refused a refund; the payment stays paid');
  await deps.db.transaction(async (tx) => {
    await releaseRefundClaim(tx, payment.id, now, clearReason);
    if (actor) {
      await recordAudit(tx, {
        actor,
        action: REFUND_REFUSED_ACTION,
        recordType: 'payment',
        recordId: payment.id,
        subjectProfileId: payment.payerProfileId,
        before: { status: 'refund_requested' },
        after: { status: 'paid', refused: reason },
        at: now,
      });
    } else {
      await notifyAdmins(tx, 'payment', `Failed to process refund of payment ${payment.apiRef}. ${reason}`, adminLink);
    }
  });
  return reason;
}
