/**
 * Money handed back at the office: a course fee taken in cash (provider 'office', method 'cash') is
 * never refunded through a provider (payments_cash_check, decision 023). When an admin cancels such
 * an enrolment, the share the academy gives back is counted out at the desk and recorded here, on the
 * office payment itself: refunded, with the amount, the moment and the reason, so the console's
 * Payments view, its period summary (refunded by refunded_at) and the accountant's CSV show the money
 * going out.
 */
import type { Executor } from '../../db/client.ts';
import { updatePayment, type PaymentRow } from './payments.repo.ts';

/** A cash fee the office took and has not given back. */
export const isOfficeCashPaid = (payment: PaymentRow): boolean => payment.provider === 'office' && payment.method === 'cash' && payment.status === 'paid';

/**
 * In the caller's transaction, on the payment it locked: the office gave back `amount` KES of this
 * cash payment. Anything but a paid office cash payment, or more than it took, is a programming error.
 */
export async function recordCashReturned(tx: Executor, payment: PaymentRow, input: { amount: number; reason: string }, now: Date): Promise<void> {
  if (!isOfficeCashPaid(payment)) throw new Error(`payment ${payment.id} is not a paid office cash payment`);
  if (input.amount < 0 || input.amount > payment.amount) throw new Error(`cannot give back ${input.amount} of ${payment.amount}`);
  await updatePayment(tx, payment.id, { status: 'refunded', refundedAmount: input.amount, refundedAt: now, failureReason: input.reason }, now);
}
