/**
 * settlePayment: the ONE place where what a provider says about a payment changes our rows. The
 * webhook, the sandbox page, the status poll and the re-check job all end here, with an answer the
 * server itself obtained from the provider (never a browser's or a webhook body's word).
 */
import { formatKes } from '@ops/shared/money';
import type { Transaction } from '../../db/client.ts';
import type { PaymentStatus } from '../../providers/payments/payment-provider.ts';
import { lockBooking, markLateMoneyReturned, markPaymentFailed } from '../bookings/booking-lifecycle.service.ts';
import { bookingLink, CLIENT_NOTICES, tellClients } from '../notifications/client-notices.ts';
import { notify, notifyAdmins } from '../notifications/notifications.service.ts';
import { confirmPaidBooking, refundReason } from './payment-confirm.ts';
import { adminLink, DEFAULT_FAILURE_REASON, type PaymentDeps } from './payment-common.ts';
import { markFailed, markPaid, markRefundOwed, recordProviderProgress, type ProviderFacts } from './payment-lifecycle.service.ts';
import { queueRefund, requestOwedRefundSafely } from './payment-refund.service.ts';
import { settlementHandler, type SettleOutcome, type Settled } from './payment-settlement-handlers.ts';
import { findInFlightPayments, lockPayment, recordInvoiceId, type PaymentRow } from './payments.repo.ts';

export type { SettleOutcome, Settled };

/** A payment in one of these states has had its final answer; nothing a provider says changes it. */
const SETTLED = new Set<PaymentRow['status']>(['paid', 'failed', 'refund_pending', 'refunded']);

/**
 * Whether a provider's answer is about this attempt: our reference, and the invoice we recorded for
 * it. An attempt with no invoice yet (a hosted checkout before payment, a start whose answer was
 * lost) takes the first invoice that carries its reference; once recorded, that one alone counts.
 */
function isAbout(payment: PaymentRow, status: PaymentStatus): boolean {
  if (status.apiRef !== payment.apiRef) return false;
  return !payment.providerRef || status.providerRef === payment.providerRef;
}

export async function settlePayment(deps: PaymentDeps, paymentId: string, status: PaymentStatus): Promise<SettleOutcome> {
  const now = deps.clock();
  const settled = await deps.db.transaction(async (tx): Promise<Settled> => {
    const payment = await lockPayment(tx, paymentId);
    if (!payment) throw new Error(`payment ${paymentId} not found`);
    const log = deps.logger.child({ paymentId, apiRef: payment.apiRef, providerState: status.providerState });
    if (!isAbout(payment, status)) {
      log.error(
        { reported: { apiRef: status.apiRef, providerRef: status.providerRef }, recorded: payment.providerRef },
        'provider status is about another invoice; ignored',
      );
      return { outcome: 'unchanged' };
    }
    const arrived = status.state === 'COMPLETE';
    const fullAmount = arrived && status.amountKes === payment.amount && status.currency === 'KES';
    // A start we took for failed (a 5xx after the STK push left) can still bring the money: it is
    // not lost, it pays the booking or goes back like any late payment. So can money of the wrong
    // amount on an attempt closed as failed before it came: it goes back.
    const reopened = payment.status === 'failed' && arrived && payment.receivedAmount === null && payment.paidAt === null;
    if (SETTLED.has(payment.status) && !reopened) {
      // A card paid before its invoice id was known: keep the id, refunds need it.
      if (!payment.providerRef && status.providerRef) await recordInvoiceId(tx, payment.id, status.providerRef, now);
      return { outcome: 'unchanged' };
    }
    if (reopened) log.warn({ failureReason: payment.failureReason }, 'provider reports money paid for an attempt closed as failed; settling it');
    // A course fee: the academy's handler settles its enrolment (same checks above, same refund path).
    if (payment.enrollmentId) return settlementHandler('enrollment').settle(tx, deps, payment, status, now);
    if (!payment.bookingId) throw new Error(`payment ${paymentId} is not for a booking`);
    // How the customer really paid, as the provider reports it (a hosted page may offer more than one way).
    const learnt: ProviderFacts = {
      providerRef: payment.providerRef ?? status.providerRef,
      providerPayload: status.raw,
      method: status.method ?? payment.method,
    };

    if (status.state === 'PENDING' || status.state === 'PROCESSING') {
      await recordProviderProgress(tx, payment, learnt, status.state, now);
      return { outcome: 'pending' };
    }
    if (status.state === 'FAILED') {
      await markFailed(tx, payment, { ...learnt, failureReason: status.failureReason ?? DEFAULT_FAILURE_REASON }, now);
      await markBookingFailedIfNoAttemptLeft(tx, payment.bookingId, now, { reason: status.failureReason ?? null });
      log.info({ reason: status.failureReason }, 'payment failed');
      return { outcome: 'failed' };
    }
    if (!fullAmount) return refundWrongAmount(tx, deps, payment, status, learnt, now);
    return settleMoney(tx, deps, payment, learnt, now);
  });

  // Asked now, outside the transaction; the job queued with the decision asks again if this fails.
  if (settled.outcome === 'refund_owed') await requestOwedRefundSafely(deps, settled.paymentId);
  return settled.outcome;
}

/**
 * Money arrived, but not the amount owed (or not in KES): it pays for nothing, and all of it goes
 * back through the provider. The booking stays payable by a new attempt while its hold lasts.
 */
async function refundWrongAmount(
  tx: Transaction,
  deps: PaymentDeps,
  payment: PaymentRow,
  status: PaymentStatus,
  learnt: ProviderFacts,
  now: Date,
): Promise<Settled> {
  const bookingId = payment.bookingId ?? '';
  const received = status.currency === 'KES' ? formatKes(status.amountKes) : `${status.currency} ${status.amountKes}`;
  const reason = `We received ${received} for a payment of ${formatKes(payment.amount)}, so all of it is refunded. Please pay the booking again with the exact amount.`;
  deps.logger.error(
    { paymentId: payment.id, expected: payment.amount, received: status.amountKes, currency: status.currency },
    'provider confirmed a different amount; booking not confirmed, refunding it in full',
  );
  await markRefundOwed(tx, payment, { ...learnt, receivedAmount: status.amountKes, refundedAmount: status.amountKes, failureReason: reason }, now);
  // The client hears of the refund below, not of a failed payment besides.
  await markBookingFailedIfNoAttemptLeft(tx, bookingId, now, null);
  const booking = await lockBooking(tx, bookingId);
  if (booking) await notify(tx, [booking.clientProfileId], 'payment', reason, bookingLink(booking.id));
  await notifyAdmins(
    tx,
    'payment',
    `Payment ${payment.apiRef}: expected ${formatKes(payment.amount)}, received ${received}. The booking was not confirmed and the money is being refunded in full.`,
    adminLink,
  );
  await queueRefund(tx, deps, payment.id, now);
  return { outcome: 'refund_owed', paymentId: payment.id };
}

/** The full amount owed has arrived: confirm the booking it pays for, or give the money back. */
async function settleMoney(tx: Transaction, deps: PaymentDeps, payment: PaymentRow, learnt: ProviderFacts, now: Date): Promise<Settled> {
  const booking = await lockBooking(tx, payment.bookingId ?? '');
  if (!booking) throw new Error(`booking of payment ${payment.id} not found`);
  const confirmed = await confirmPaidBooking(tx, booking, now, deps.logger);
  if (confirmed) {
    await markPaid(tx, payment, { ...learnt, commissionAmount: confirmed.commissionAmount }, now);
    await deps.jobs.enqueue('send-booking-confirmation', { bookingId: booking.id, channel: 'email' }, { tx });
    if (confirmed.clientPhone) await deps.jobs.enqueue('send-booking-confirmation', { bookingId: booking.id, channel: 'sms' }, { tx });
    return { outcome: 'confirmed' };
  }

  // Paid for a booking that cannot take it (hold lapsed and slot taken, cancelled, already paid by
  // another attempt, or already started): the row says it arrived, and all of it goes back.
  const reason = refundReason(booking, now);
  await markRefundOwed(tx, payment, { ...learnt, refundedAmount: payment.amount, failureReason: reason }, now);
  // A cancelled booking's payment status reads refunded: the money came and went back at once.
  await markLateMoneyReturned(tx, booking, now);
  await notify(
    tx,
    [booking.clientProfileId],
    'payment',
    `We received ${formatKes(payment.amount)} for booking ${booking.reference} and are refunding all of it. ${reason}`,
    bookingLink(booking.id),
  );
  deps.logger.warn(
    { paymentId: payment.id, bookingId: booking.id, bookingStatus: booking.status, reason },
    'payment cannot pay for its booking; refunding it in full',
  );
  await queueRefund(tx, deps, payment.id, now);
  return { outcome: 'refund_owed', paymentId: payment.id };
}

/**
 * A booking shows its payment failed only when no other attempt may still bring the money; the
 * client is then told (with the provider's reason when there is one), unless `tell` is null.
 */
export async function markBookingFailedIfNoAttemptLeft(
  tx: Transaction,
  bookingId: string,
  now: Date,
  tell: { reason: string | null } | null = { reason: null },
): Promise<void> {
  const booking = await lockBooking(tx, bookingId);
  if (!booking || booking.paymentStatus !== 'pending') return;
  if ((await findInFlightPayments(tx, bookingId)).length > 0) return;
  await markPaymentFailed(tx, booking, now);
  if (tell) await tellClients(tx, [CLIENT_NOTICES.paymentFailed(booking, tell.reason)]);
}
