/**
 * settlePayment: the ONE place where what a provider says about a payment changes our rows. The
 * webhook, the sandbox page, the status poll and the re-check job all end here, with an answer the
 * server itself obtained from the provider (never a browser's or a webhook body's word).
 */
import { formatKes } from '@ops/shared/money';
import type { Transaction } from '../../db/client.ts';
import type { PaymentStatus } from '../../providers/payments/payment-provider.ts';
import { notify } from '../notifications/notifications.service.ts';
import { confirmPaidBooking, refundReason } from './payment-confirm.ts';
import { adminLink, bookingLink, DEFAULT_FAILURE_REASON, type PaymentDeps } from './payment-common.ts';
import { adminProfileIds, lockBooking, updateBooking } from './payment-bookings.repo.ts';
import { requestOwedRefundSafely } from './payment-refund.service.ts';
import { findInFlightPayments, lockPayment, updatePayment, type PaymentChanges, type PaymentRow } from './payments.repo.ts';

export type SettleOutcome = 'unchanged' | 'pending' | 'failed' | 'mismatch' | 'confirmed' | 'refund_owed';

type Settled =
  | { outcome: Exclude<SettleOutcome, 'confirmed' | 'refund_owed'> }
  | { outcome: 'confirmed'; bookingId: string; clientPhone: string | null }
  | { outcome: 'refund_owed'; paymentId: string };

/** A payment in one of these states has had its final answer; nothing a provider says changes it. */
const SETTLED = new Set<PaymentRow['status']>(['paid', 'failed', 'refund_pending', 'refunded']);

export async function settlePayment(deps: PaymentDeps, paymentId: string, status: PaymentStatus): Promise<SettleOutcome> {
  const now = deps.clock();
  const settled = await deps.db.transaction(async (tx): Promise<Settled> => {
    const payment = await lockPayment(tx, paymentId);
    if (!payment) throw new Error(`payment ${paymentId} not found`);
    const log = deps.logger.child({ paymentId, apiRef: payment.apiRef, providerState: status.providerState });
    if ((status.apiRef && status.apiRef !== payment.apiRef) || (status.providerRef && payment.providerRef && status.providerRef !== payment.providerRef)) {
      log.error({ reported: { apiRef: status.apiRef, providerRef: status.providerRef } }, 'provider status is about another payment; ignored');
      return { outcome: 'unchanged' };
    }
    const fullAmount = status.state === 'COMPLETE' && status.amountKes === payment.amount && status.currency === 'KES';
    // A start we took for failed (a 5xx after the STK push left) can still bring the money: it is
    // not lost, it pays the booking or goes back like any late payment.
    const reopened = payment.status === 'failed' && fullAmount;
    if (SETTLED.has(payment.status) && !reopened) {
      // A card paid before its invoice id was known: keep the id, refunds need it.
      if (!payment.providerRef && status.providerRef) await updatePayment(tx, payment.id, { providerRef: status.providerRef }, now);
      return { outcome: 'unchanged' };
    }
    if (reopened) log.warn({ failureReason: payment.failureReason }, 'provider reports the full amount paid for an attempt closed as failed; settling it');
    if (!payment.bookingId) throw new Error(`payment ${paymentId} is not for a booking`);
    const learnt: PaymentChanges = { providerRef: payment.providerRef ?? status.providerRef, providerPayload: status.raw };

    if (status.state === 'PENDING' || status.state === 'PROCESSING') {
      await updatePayment(tx, payment.id, { ...learnt, status: status.state === 'PROCESSING' ? 'processing' : payment.status }, now);
      return { outcome: 'pending' };
    }
    if (status.state === 'FAILED') {
      await updatePayment(tx, payment.id, { ...learnt, status: 'failed', failureReason: status.failureReason ?? DEFAULT_FAILURE_REASON }, now);
      await markBookingFailedIfNoAttemptLeft(tx, payment.bookingId, now);
      log.info({ reason: status.failureReason }, 'payment failed');
      return { outcome: 'failed' };
    }
    if (!fullAmount) {
      const reason = `Amount mismatch: expected KES ${payment.amount}, received ${status.currency} ${status.amountKes}`;
      log.error({ expected: payment.amount, received: status.amountKes, currency: status.currency }, 'provider confirmed a different amount; booking not confirmed');
      await updatePayment(tx, payment.id, { ...learnt, status: 'failed', failureReason: reason }, now);
      await markBookingFailedIfNoAttemptLeft(tx, payment.bookingId, now);
      await notify(tx, await adminProfileIds(tx), 'payment', `Payment ${payment.apiRef}: ${reason}. The booking was not confirmed; please check it with the payment provider.`, adminLink);
      return { outcome: 'mismatch' };
    }
    return settleMoney(tx, deps, payment, { ...learnt, paidAt: now }, now);
  });

  if (settled.outcome === 'confirmed') {
    await deps.jobs.enqueue('send-booking-confirmation', { bookingId: settled.bookingId, channel: 'email' });
    if (settled.clientPhone) await deps.jobs.enqueue('send-booking-confirmation', { bookingId: settled.bookingId, channel: 'sms' });
  }
  if (settled.outcome === 'refund_owed') {
    await requestOwedRefundSafely(deps, settled.paymentId);
    await deps.jobs.enqueue('send-payment-refund-notice', { paymentId: settled.paymentId });
  }
  return settled.outcome;
}

/** The full amount owed has arrived: confirm the booking it pays for, or give the money back. */
async function settleMoney(tx: Transaction, deps: PaymentDeps, payment: PaymentRow, paid: PaymentChanges, now: Date): Promise<Settled> {
  const booking = await lockBooking(tx, payment.bookingId ?? '');
  if (!booking) throw new Error(`booking of payment ${payment.id} not found`);
  const confirmed = await confirmPaidBooking(tx, booking, now, deps.logger);
  if (confirmed) {
    await updatePayment(tx, payment.id, { ...paid, status: 'paid', failureReason: null }, now);
    return { outcome: 'confirmed', bookingId: booking.id, clientPhone: confirmed.clientPhone };
  }

  // Paid for a booking that cannot take it (hold lapsed and slot taken, cancelled, already paid by
  // another attempt, or already started): the row says it arrived, and all of it goes back.
  const reason = refundReason(booking, now);
  await updatePayment(tx, payment.id, { ...paid, status: 'refund_pending', refundedAmount: payment.amount, failureReason: reason }, now);
  if (booking.paymentStatus !== 'paid' && booking.paymentStatus !== 'refunded' && booking.status === 'cancelled') {
    // Explicitly outside the status machine: the money came (→ paid) and went back (→ refunded) at once.
    await updateBooking(tx, booking.id, { paymentStatus: 'refunded' }, now);
  }
  await notify(tx, [booking.clientProfileId], 'payment', `We received ${formatKes(payment.amount)} for booking ${booking.reference} and are refunding all of it. ${reason}`, bookingLink);
  deps.logger.warn({ paymentId: payment.id, bookingId: booking.id, bookingStatus: booking.status, reason }, 'payment cannot pay for its booking; refunding it in full');
  return { outcome: 'refund_owed', paymentId: payment.id };
}

/** A booking shows its payment failed only when no other attempt may still bring the money. */
export async function markBookingFailedIfNoAttemptLeft(tx: Transaction, bookingId: string, now: Date): Promise<void> {
  const booking = await lockBooking(tx, bookingId);
  if (!booking || booking.paymentStatus !== 'pending') return;
  if ((await findInFlightPayments(tx, bookingId)).length > 0) return;
  await updateBooking(tx, bookingId, { paymentStatus: 'failed' }, now);
}
