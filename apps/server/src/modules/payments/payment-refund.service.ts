/**
 * Giving money back through the provider, on one path for every reason a refund is owed:
 * - money that cannot pay for its booking (settlePayment): the payment is marked refund_pending in
 *   the settlement's transaction, then the refund is requested;
 * - an admin's 'Refund (95%)' (refundBooking): the payment is claimed, the provider is asked first,
 *   and only its acceptance cancels the booking, marks the payment and tells the client.
 * A request whose answer never came keeps its claim; the 'payment-refund' job looks for the refund
 * at the provider before ever asking again, so no refund is asked for twice.
 */
import { refundAmount } from '@ops/shared/domain/pricing';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { AppError } from '../../lib/errors.ts';
import { PaymentProviderError, type RefundStatus } from '../../providers/payments/payment-provider.ts';
import { lockBooking } from '../bookings/booking-lifecycle.service.ts';
import type { Transaction } from '../../db/client.ts';
import type { PaymentDeps } from './payment-common.ts';
import { ADMIN_REFUND_REASON, recordRefundState, REFUND_REQUEST_ACTION, refundRefusal } from './payment-refund-record.ts';
import { claimRefundRequest, findPaidBookingPayment, findPayment, lockPayment, updatePayment, type PaymentRow } from './payments.repo.ts';

export { recordRefundState, REFUND_FOLLOW_UP_MS } from './payment-refund-record.ts';

/** A claim older than this was left by a worker that died or never heard back; it may be retried. */
export const REFUND_CLAIM_MS = 10 * 60_000;

/**
 * A refund is requested right after the decision commits; the job queued with the decision runs
 * this much later and finds it done, under way, or (after a crash or a lost answer) still to ask.
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

/** An admin's refund asked for and not answered yet (paid, claimed), or money owed back and not requested yet. */
const awaitsRequest = (p: PaymentRow) => p.refundRef === null && (p.status === 'refund_pending' || (p.status === 'paid' && p.refundRequestedAt !== null));

/**
 * A refund of this invoice the provider already holds (a request whose answer was lost), other than
 * a cancelled one; null when there is none, or nothing to look it up by.
 */
async function findExistingRefund(deps: PaymentDeps, payment: PaymentRow): Promise<RefundStatus | null> {
  if (!payment.providerRef || payment.refundRequestedAt === null) return null;
  const refunds = await deps.payments.findRefunds(payment.providerRef);
  return refunds.find((r) => r.state !== 'CANCELLED') ?? null;
}

/**
 * Requests the refund a payment row says is owed (or an admin asked for). Throws when the provider
 * did not accept it, so the job that called it is retried. 'nothing' when no refund is owed (any
 * more); 'busy' when another request is under way or its answer never came (try again after
 * REFUND_CLAIM_MS).
 */
export async function requestOwedRefund(deps: PaymentDeps, paymentId: string): Promise<'requested' | 'nothing' | 'busy'> {
  const payment = await findPayment(deps.db, paymentId);
  if (!payment || !awaitsRequest(payment)) return 'nothing';
  // Asked before and never answered: the provider may have made it. Found, it is recorded, not asked again.
  const existing = await findExistingRefund(deps, payment);
  if (existing) {
    await recordRefundState(deps, paymentId, existing);
    deps.logger.info({ paymentId, refundRef: existing.refundRef }, 'refund found at the provider; recorded');
    return 'requested';
  }
  const now = deps.clock();
  const claimed = await claimRefundRequest(deps.db, paymentId, now, new Date(now.getTime() - REFUND_CLAIM_MS));
  if (!claimed) {
    const again = await findPayment(deps.db, paymentId);
    return again && awaitsRequest(again) ? 'busy' : 'nothing';
  }
  if (!claimed.providerRef) {
    deps.logger.error({ paymentId }, 'a refund is owed but the payment has no provider reference; refund it by hand');
    return 'nothing';
  }
  const amountKes = claimed.status === 'paid' ? refundAmount(claimed.amount) : (claimed.refundedAmount ?? 0);
  try {
    const refund = await deps.payments.refund({ providerRef: claimed.providerRef, amountKes, reason: claimed.failureReason ?? ADMIN_REFUND_REASON });
    await recordRefundState(deps, paymentId, refund);
    deps.logger.info({ paymentId, refundRef: refund.refundRef, amount: amountKes, state: refund.state }, 'refund requested');
    return 'requested';
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    // An admin's refund the provider refuses stays undone; the admins hear why.
    if (claimed.status === 'paid' && err.kind === 'rejected') {
      await refundRefusal(deps, claimed, err);
      return 'nothing';
    }
    // Money owed back is asked for again by the queue's retry. After a time-out (or an answer we
    // could not read, or an admin's refund met by an outage) the refund may exist: keep the claim,
    // so it is looked for before it is asked for again.
    if (claimed.status === 'refund_pending' && (err.kind === 'rejected' || err.kind === 'http'))
      await updatePayment(deps.db, paymentId, { refundRequestedAt: null }, deps.clock());
    throw err;
  }
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

export type AdminRefundOutcome = 'accepted' | 'unconfirmed';

/**
 * An admin gives back 95% of a booking's payment (DECISIONS: Money), rounded down to whole KES.
 * The payment is claimed (two admins or a double click: one refund, the others are told it is
 * under way), the provider is asked, and only when it accepts are the payment marked, the booking
 * cancelled and the client told, in one transaction. A refusal leaves everything as it was (409
 * with the provider's words). No answer: the claim stays and the job finds or requests the refund.
 */
export async function refundBooking(deps: PaymentDeps, bookingId: string, actor: AuditActor): Promise<{ paymentId: string; outcome: AdminRefundOutcome }> {
  const now = deps.clock();
  const paid = await findPaidBookingPayment(deps.db, bookingId);
  if (!paid) throw AppError.conflict('This booking has no paid payment to refund.');
  const amount = refundAmount(paid.amount);

  await deps.db.transaction(async (tx) => {
    // Payment first, then booking: the order settlePayment takes its locks in.
    const payment = await lockPayment(tx, paid.id);
    const booking = await lockBooking(tx, bookingId);
    if (!payment || !booking || payment.status !== 'paid') throw AppError.conflict('This payment has already been refunded.');
    if (payment.refundRequestedAt !== null) throw AppError.conflict('A refund of this payment is already being processed.');
    if (booking.paymentStatus !== 'paid' || (booking.status !== 'confirmed' && booking.status !== 'cancelled'))
      throw AppError.conflict(`A ${booking.status} booking cannot be refunded.`);
    if (!payment.providerRef) throw AppError.conflict('The payment service never named this payment, so it cannot be refunded from here.');
    await updatePayment(tx, payment.id, { refundRequestedAt: now }, now);
    // Asked for, not made: the refund itself is recorded once the provider takes it ('payment.refund'),
    // a refusal as 'payment.refund_refused'.
    await recordAudit(tx, {
      actor,
      action: REFUND_REQUEST_ACTION,
      recordType: 'payment',
      recordId: payment.id,
      subjectProfileId: booking.clientProfileId,
      before: { status: 'paid', bookingStatus: booking.status },
      after: { status: 'refund_requested', refundAmount: amount, amount: payment.amount },
      at: now,
    });
    // The back-stop: after a crash or a lost answer, the job finds the refund or asks for it.
    await deps.jobs.enqueue('payment-refund', { paymentId: payment.id }, { tx, startAfter: new Date(now.getTime() + REFUND_BACKSTOP_MS) });
  });

  let refund: RefundStatus;
  try {
    refund = await deps.payments.refund({ providerRef: paid.providerRef ?? '', amountKes: amount, reason: ADMIN_REFUND_REASON });
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    if (err.kind !== 'rejected') {
      deps.logger.warn({ err, detail: err.detail, paymentId: paid.id }, 'refund request not answered; kept claimed for the job to find or ask again');
      return { paymentId: paid.id, outcome: 'unconfirmed' };
    }
    const reason = await refundRefusal(deps, paid, err, actor);
    throw AppError.conflict(reason);
  }
  await recordRefundState(deps, paid.id, refund, actor);
  deps.logger.info({ bookingId, paymentId: paid.id, amount, refundRef: refund.refundRef, by: actor.profileId }, 'booking refunded by an admin');
  return { paymentId: paid.id, outcome: 'accepted' };
}
