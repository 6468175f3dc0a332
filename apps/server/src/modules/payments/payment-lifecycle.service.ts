/**
 * The one owner of where a payment stands (ARCHITECTURE: status changes): its status and what moves
 * with it (when money arrived or went back and how much, the provider's refund, the reason, an
 * admin's refund claim). Every move goes through the shared status machine
 * (@ops/shared/domain/payment-status) on a payment the caller has locked in its transaction
 * (lockPayment), and a move the machine does not list is a 409 with its words. Starting, settling,
 * the sweep, refunds, the academy's course fees and the office's cash call these functions; nobody
 * else writes payments.status (lint: its repository, payment-lifecycle.repo.ts, is imported here only).
 */
import {
  assertPaymentStatusMove,
  NEW_PAYMENT_STATUS,
  PaymentMoveError,
  type PaymentChannel,
  type PaymentRecordStatus,
} from '@ops/shared/domain/payment-status';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { CheckoutStarted, PaymentProviderError, PaymentState } from '../../providers/payments/payment-provider.ts';
import {
  claimRefundRequest,
  insertPayment,
  releaseRefundClaim as writeClaimReleased,
  writePaymentState,
  type PaymentStateChanges,
} from './payment-lifecycle.repo.ts';
import { isOnlinePayment, lockPayment, type NewPayment, type PaymentRow } from './payments.repo.ts';

/** What the provider told us of an attempt, recorded with whatever its answer moves. */
export type ProviderFacts = Pick<PaymentStateChanges, 'providerRef' | 'providerPayload' | 'method'>;

const channelOf = (payment: PaymentRow): PaymentChannel => (isOnlinePayment(payment) ? 'online' : 'office');

/**
 * Checks the move with the machine (a refused one is a 409 with its words) and writes it with what
 * moves with it. Staying in the same status is no move: only the facts are written.
 */
async function change(db: Executor, payment: PaymentRow, to: PaymentRecordStatus, changes: PaymentStateChanges, now: Date): Promise<PaymentRow> {
  if (to !== payment.status) {
    try {
      assertPaymentStatusMove(payment.status, to, channelOf(payment));
    } catch (err) {
      if (err instanceof PaymentMoveError) throw AppError.conflict(err.message);
      throw err;
    }
  }
  return writePaymentState(db, payment.id, { ...changes, status: to }, now);
}

// ---------------------------------------------------------------- starting

/**
 * An attempt through the provider, stored pending before the provider is asked (so its outcome is
 * never lost), in the caller's transaction.
 */
export function storeAttempt(tx: Transaction, attempt: Omit<NewPayment, 'status'>): Promise<PaymentRow> {
  if (attempt.provider === 'office' || attempt.method === 'cash') throw new Error('cash is recorded by the office, not started with a provider');
  return insertPayment(tx, { ...attempt, status: NEW_PAYMENT_STATUS.online });
}

/** Cash the office took for a course fee, with its receipt number: paid when recorded (decision 023). */
export function recordOfficeCash(tx: Transaction, cash: Omit<NewPayment, 'status' | 'provider' | 'method'>): Promise<PaymentRow> {
  return insertPayment(tx, { ...cash, provider: 'office', method: 'cash', status: NEW_PAYMENT_STATUS.office });
}

/**
 * The provider's answer to the start: the invoice and the checkout to send the client to. An attempt
 * still pending that the provider reports PROCESSING (the prompt reached the phone) moves on; one a
 * webhook settled meanwhile keeps what it was settled as.
 */
export async function recordCheckoutStarted(db: Database, paymentId: string, started: CheckoutStarted, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const payment = await lockPayment(tx, paymentId);
    if (!payment) throw new Error(`payment ${paymentId} not found`);
    await change(
      tx,
      payment,
      started.state === 'PROCESSING' && payment.status === 'pending' ? 'processing' : payment.status,
      {
        providerRef: started.providerRef,
        checkoutId: started.checkout?.id ?? null,
        checkoutSignature: started.checkout?.signature ?? null,
        checkoutUrl: started.checkoutUrl ?? null,
        providerPayload: started.raw,
      },
      now,
    );
  });
}

/** The provider refused the start or failed before anything could be charged: the attempt is over. */
export function markStartRefused(tx: Transaction, payment: PaymentRow, err: PaymentProviderError, now: Date): Promise<PaymentRow> {
  return change(
    tx,
    payment,
    'failed',
    { failureReason: err.message, providerPayload: { error: { kind: err.kind, status: err.status ?? null, detail: err.detail } } },
    now,
  );
}

// ---------------------------------------------------------------- settling

/** No final answer yet: the facts are kept, and a pending attempt the provider is working on is processing. */
export function recordProviderProgress(
  tx: Transaction,
  payment: PaymentRow,
  facts: ProviderFacts,
  state: Extract<PaymentState, 'PENDING' | 'PROCESSING'>,
  now: Date,
): Promise<PaymentRow> {
  return change(tx, payment, state === 'PROCESSING' ? 'processing' : payment.status, facts, now);
}

/** The attempt is over without money: the provider said so, or said nothing for two days. */
export function markFailed(tx: Transaction, payment: PaymentRow, failed: ProviderFacts & { failureReason: string }, now: Date): Promise<PaymentRow> {
  return change(tx, payment, 'failed', failed, now);
}

/** The full amount owed arrived and paid for its booking (with the commission it recorded) or enrolment. */
export function markPaid(tx: Transaction, payment: PaymentRow, paid: ProviderFacts & { commissionAmount?: number }, now: Date): Promise<PaymentRow> {
  return change(tx, payment, 'paid', { ...paid, paidAt: now, failureReason: null }, now);
}

/**
 * Money arrived that pays for nothing (a wrong amount, or what it was for cannot take it): it is
 * recorded as received (`receivedAmount` when it differs from the amount owed) and all of it is owed
 * back through the provider, with the reason the client reads.
 */
export function markRefundOwed(
  tx: Transaction,
  payment: PaymentRow,
  owed: ProviderFacts & { refundedAmount: number; receivedAmount?: number; failureReason: string },
  now: Date,
): Promise<PaymentRow> {
  return change(tx, payment, 'refund_pending', { ...owed, paidAt: now }, now);
}

// ---------------------------------------------------------------- refunds

/**
 * A client cancelled the paid booking this payment paid for, and the notice policy gives back
 * `refundedAmount` of it (decision 030): owed back through the provider, with the reason the client reads.
 */
export function markPolicyRefundOwed(
  tx: Transaction,
  payment: PaymentRow,
  owed: { refundedAmount: number; failureReason: string },
  now: Date,
): Promise<PaymentRow> {
  return change(tx, payment, 'refund_pending', owed, now);
}

/**
 * An admin asked for a refund of this paid payment: it is claimed (two admins or a double click make
 * one refund) until the provider takes or refuses it; `reason` rides on it to the provider.
 */
export function claimAdminRefund(tx: Transaction, payment: PaymentRow, now: Date, reason?: string): Promise<PaymentRow> {
  if (payment.status !== 'paid' || payment.refundRequestedAt !== null) throw new Error(`payment ${payment.id} cannot be claimed for a refund`);
  return change(tx, payment, 'paid', { refundRequestedAt: now, ...(reason === undefined ? {} : { failureReason: reason }) }, now);
}

/** Takes the request of a refund owed (or of an admin's refund whose answer never came); null when another worker has it. */
export function takeRefundRequest(db: Executor, paymentId: string, now: Date, staleBefore: Date): Promise<PaymentRow | null> {
  return claimRefundRequest(db, paymentId, now, staleBefore);
}

/** An admin's refund refused or cancelled by the provider: plainly paid again (`clearReason`: without the reason it carried). */
export function releaseRefundClaim(db: Executor, paymentId: string, now: Date, clearReason = false): Promise<PaymentRow | null> {
  return writeClaimReleased(db, paymentId, now, clearReason);
}

/** A request for money owed back that the provider refused or failed: free for the next request. */
export async function releaseOwedRefundRequest(db: Executor, paymentId: string, now: Date): Promise<void> {
  await writePaymentState(db, paymentId, { refundRequestedAt: null }, now);
}

/**
 * The provider took an admin's refund of `refundedAmount`: refund_pending until it completes it, or
 * refunded when it did at once; `failureReason` says why, in the words the client reads.
 */
export function recordRefundAccepted(
  tx: Transaction,
  payment: PaymentRow,
  accepted: { refundRef: string; refundedAmount: number; done: boolean; failureReason: string },
  now: Date,
): Promise<PaymentRow> {
  return change(
    tx,
    payment,
    accepted.done ? 'refunded' : 'refund_pending',
    {
      refundedAmount: accepted.refundedAmount,
      refundRef: accepted.refundRef,
      refundedAt: accepted.done ? now : null,
      failureReason: accepted.failureReason,
    },
    now,
  );
}

/** What the provider says of a refund under way: completed, or still open (its reference kept). */
export function recordRefundProgress(tx: Transaction, payment: PaymentRow, refund: { refundRef: string; done: boolean }, now: Date): Promise<PaymentRow> {
  return change(tx, payment, refund.done ? 'refunded' : 'refund_pending', { refundRef: refund.refundRef, refundedAt: refund.done ? now : null }, now);
}

/** A cash fee the office took and has not given back. */
export const isOfficeCashPaid = (payment: PaymentRow): boolean => payment.provider === 'office' && payment.method === 'cash' && payment.status === 'paid';

/**
 * Money handed back at the office (decision 023): in the caller's transaction, on the payment it
 * locked, the office gave back `amount` KES of this cash payment: refunded, with the amount, the
 * moment and the reason, so the console's Payments, its period summary and the CSV show it going
 * out. It never goes through a provider. Anything but a paid office cash payment, or more than it
 * took, is a programming error.
 */
export async function recordCashReturned(tx: Executor, payment: PaymentRow, input: { amount: number; reason: string }, now: Date): Promise<void> {
  if (!isOfficeCashPaid(payment)) throw new Error(`payment ${payment.id} is not a paid office cash payment`);
  if (input.amount < 0 || input.amount > payment.amount) throw new Error(`cannot give back ${input.amount} of ${payment.amount}`);
  await change(tx, payment, 'refunded', { refundedAmount: input.amount, refundedAt: now, failureReason: input.reason }, now);
}

/**
 * Locks a payment's row in `tx` before a change that moves it (null when there is none), for other
 * modules, which take their locks here rather than in payments' SQL.
 */
export function lockPaymentForChange(tx: Executor, paymentId: string): Promise<PaymentRow | null> {
  return lockPayment(tx, paymentId);
}
