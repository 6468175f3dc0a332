/**
 * The money side of a client cancelling a paid booking under the notice policy (decision 030),
 * called by the bookings module in its cancelling transaction: the booking's paid payment is found
 * and locked before the booking (settlement's and the console refund's order, so the two never
 * wait on each other), and the policy's share is owed back on it. The refund is requested right
 * after the commit; the 'payment-refund' job queued in the transaction finishes it after a crash or
 * a lost answer, and looks for it at the provider before ever asking twice.
 */
import type { Transaction } from '../../db/client.ts';
import type { PaymentDeps } from './payment-common.ts';
import { lockPaymentForChange, markPolicyRefundOwed } from './payment-lifecycle.service.ts';
import { queueRefund, requestOwedRefundSafely } from './payment-refund.service.ts';
import { findPaidBookingPayment, type PaymentRow } from './payments.repo.ts';

export type { PaymentRow };

/** The booking's paid payment, locked in `tx` (null when it has none). */
export async function lockPaidBookingPayment(tx: Transaction, bookingId: string): Promise<PaymentRow | null> {
  const paid = await findPaidBookingPayment(tx, bookingId);
  if (!paid) return null;
  const locked = await lockPaymentForChange(tx, paid.id);
  // Claimed by an admin's refund or moved on between the read and the lock: not this path's to change.
  return locked?.status === 'paid' ? locked : null;
}

/** Why the payment cannot be refunded under the policy now (an admin's refund is under way), or null. */
export const policyRefundRefusal = (payment: PaymentRow): string | null =>
  payment.refundRequestedAt !== null ? 'A refund of this payment is already being processed by the OPS office.' : null;

/**
 * In the cancelling transaction: `amount` KES of the locked paid payment is owed back with the
 * reason the client reads, and the refund's job and e-mail are queued. Nothing when the share is 0.
 */
export async function owePolicyRefund(
  tx: Transaction,
  deps: Pick<PaymentDeps, 'jobs'>,
  payment: PaymentRow,
  owed: { amount: number; reason: string },
  now: Date,
): Promise<void> {
  if (owed.amount <= 0) return;
  await markPolicyRefundOwed(tx, payment, { refundedAmount: owed.amount, failureReason: owed.reason }, now);
  await queueRefund(tx, deps, payment.id, now);
}

/** After the commit: asks the provider for the refund owed; the queued job keeps asking when this fails. */
export const requestPolicyRefund = (deps: PaymentDeps, paymentId: string): Promise<void> => requestOwedRefundSafely(deps, paymentId);
