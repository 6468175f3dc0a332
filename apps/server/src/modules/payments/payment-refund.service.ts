/**
 * Giving money back through the provider, on one path for every reason a refund is owed:
 * - money that cannot pay for what it was for (settlePayment): the payment is marked refund_pending
 *   in the settlement's transaction, then the refund is requested;
 * - an admin's refund (95%), starting from the payment it refunds: a booking's from the console's
 *   'Refund (95%)' (refundBookingPayment; refundBooking finds a booking's paid payment first), a
 *   course fee's when the console cancels its enrolment (payment-refund-enrollment.service.ts). The
 *   payment is locked and the rules checked once, it is claimed, the provider is asked first
 *   (askForAdminRefund), and only its acceptance marks the payment, cancels what it paid for and
 *   tells its owner (payment-refund-record.ts).
 * A request whose answer never came keeps its claim; the 'payment-refund' job looks for the refund
 * at the provider before ever asking again, so no refund is asked for twice. Every change to the
 * payment goes through payment-lifecycle.service.ts.
 */
import { refundAmount } from '@ops/shared/domain/pricing';
import type { Transaction } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { PaymentProviderError, type RefundStatus } from '../../providers/payments/payment-provider.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { lockBooking, type BookingRow } from '../bookings/booking-lifecycle.service.ts';
import type { PaymentDeps } from './payment-common.ts';
import { claimAdminRefund, releaseOwedRefundRequest, takeRefundRequest } from './payment-lifecycle.service.ts';
import { ADMIN_REFUND_REASON, recordRefundState, REFUND_REQUEST_ACTION, refundRefusal } from './payment-refund-record.ts';
import { findPaidBookingPayment, findPayment, lockPayment, type PaymentRow } from './payments.repo.ts';

export { recordRefundState, REFUND_FOLLOW_UP_MS } from './payment-refund-record.ts';

/** A claim older than this was left by a worker that died or never heard back; it may be retried. */
export const REFUND_CLAIM_MS = 10 * 60_000;

/**
 * A refund is requested right after the decision commits; the job queued with the decision runs
 * this much later and finds it done, under way, or (after a crash or a lost answer) still to ask.
 */
export const REFUND_BACKSTOP_MS = 60_000;

/** The job that finds or requests a refund after a crash or a lost answer, queued with the decision. */
async function queueBackstop(tx: Transaction, deps: Pick<PaymentDeps, 'jobs'>, paymentId: string, now: Date): Promise<void> {
  await deps.jobs.enqueue('payment-refund', { paymentId }, { tx, startAfter: new Date(now.getTime() + REFUND_BACKSTOP_MS) });
}

/**
 * In the transaction that decided a refund is owed: the job that requests it (a back-stop for the
 * request made right after the commit, which it finds done or under way) and the client's notice.
 */
export async function queueRefund(tx: Transaction, deps: Pick<PaymentDeps, 'jobs'>, paymentId: string, now: Date): Promise<void> {
  await queueBackstop(tx, deps, paymentId, now);
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
  const claimed = await takeRefundRequest(deps.db, paymentId, now, new Date(now.getTime() - REFUND_CLAIM_MS));
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
      await releaseOwedRefundRequest(deps.db, paymentId, deps.clock());
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
 * Why an admin cannot refund this payment of a booking now, or null: the console's rules, stated once
 * (its 'Refund (95%)' is offered exactly when this is null, and the refund checks it under lock). 95%
 * of a booking's paid payment (DECISIONS: Money), while the booking is confirmed or cancelled and
 * still paid: a completed one ended the refund (decision 021). Course fees are refunded by cancelling
 * their enrolment; cash at the office is given back there.
 */
export function bookingRefundRefusal(
  payment: Pick<PaymentRow, 'provider' | 'bookingId' | 'status' | 'refundRequestedAt' | 'providerRef'>,
  booking: Pick<BookingRow, 'status' | 'paymentStatus'> | null,
): string | null {
  if (payment.provider === 'office') return 'Cash taken at the office is given back at the office, not through a payment provider.';
  if (!payment.bookingId || !booking) return 'Only booking payments can be refunded here.';
  if (payment.status === 'refund_pending' || payment.status === 'refunded') return 'This payment has already been refunded.';
  if (payment.status !== 'paid') return 'Only a paid payment can be refunded.';
  if (payment.refundRequestedAt !== null) return 'A refund of this payment is already being processed.';
  if (booking.paymentStatus !== 'paid' || (booking.status !== 'confirmed' && booking.status !== 'cancelled'))
    return `A ${booking.status} booking cannot be refunded.`;
  if (!payment.providerRef) return 'The payment service never named this payment, so it cannot be refunded from here.';
  return null;
}

/**
 * Asks the provider for an admin's refund of a claimed payment and records its answer. A refusal
 * releases the claim (`clearReason`: and the reason it carried) and is a 409 with the provider's
 * words; no answer keeps the claim ('unconfirmed') for the job to find or ask again. Returns the
 * payment as it stands afterwards.
 */
export async function askForAdminRefund(
  deps: PaymentDeps,
  claimed: PaymentRow,
  request: { amount: number; reason: string; actor: AuditActor; clearReason?: boolean },
): Promise<{ outcome: AdminRefundOutcome; payment: PaymentRow }> {
  let refund: RefundStatus;
  try {
    refund = await deps.payments.refund({ providerRef: claimed.providerRef ?? '', amountKes: request.amount, reason: request.reason });
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    if (err.kind !== 'rejected') {
      const what = claimed.enrollmentId ? 'enrolment refund' : 'refund request';
      deps.logger.warn({ err, detail: err.detail, paymentId: claimed.id }, `${what} not answered; kept claimed for the job to find or ask again`);
      return { outcome: 'unconfirmed', payment: claimed };
    }
    throw AppError.conflict(await refundRefusal(deps, claimed, err, request.actor, request.clearReason));
  }
  const recorded = await recordRefundState(deps, claimed.id, refund, request.actor);
  return { outcome: 'accepted', payment: recorded ?? claimed };
}

/**
 * In an admin's claim transaction, the payment locked: claims it (two admins or a double click make
 * one refund, the others get 409), puts the request on the trail (asked for, not made: the refund
 * itself is recorded once the provider takes it, 'payment.refund', a refusal as
 * 'payment.refund_refused') and queues the back-stop job.
 */
export async function claimForAdminRefund(
  tx: Transaction,
  deps: PaymentDeps,
  payment: PaymentRow,
  request: { actor: AuditActor; subjectProfileId: string; before: Record<string, unknown>; after: Record<string, unknown>; reason?: string },
  now: Date,
): Promise<PaymentRow> {
  const claimed = await claimAdminRefund(tx, payment, now, request.reason);
  await recordAudit(tx, {
    actor: request.actor,
    action: REFUND_REQUEST_ACTION,
    recordType: 'payment',
    recordId: payment.id,
    subjectProfileId: request.subjectProfileId,
    before: { status: 'paid', ...request.before },
    after: { status: 'refund_requested', refundAmount: refundAmount(payment.amount), amount: payment.amount, ...request.after },
    at: now,
  });
  await queueBackstop(tx, deps, payment.id, now);
  return claimed;
}

/**
 * An admin gives back 95% of a booking's payment (DECISIONS: Money), rounded down to whole KES,
 * starting from the payment: `lockRecord` reads it locked (with whatever the caller answers with), the
 * booking is locked after it (settlement's order), the rules are checked once and the payment claimed;
 * then the provider is asked, and only when it accepts are the payment marked, the booking cancelled
 * and the client told, in one transaction. A refusal leaves everything as it was (409 with the
 * provider's words). No answer: the claim stays and the job finds or requests the refund.
 */
export async function refundBookingPayment<R extends { payment: PaymentRow }>(
  deps: PaymentDeps,
  lockRecord: (tx: Transaction) => Promise<R | null | undefined>,
  actor: AuditActor,
): Promise<{ record: R; outcome: AdminRefundOutcome; payment: PaymentRow }> {
  const now = deps.clock();
  const { record, claimed } = await deps.db.transaction(async (tx) => {
    const record = await lockRecord(tx);
    if (!record) throw AppError.notFound('Payment not found');
    const { payment } = record;
    const booking = payment.bookingId ? await lockBooking(tx, payment.bookingId) : null;
    const refusal = bookingRefundRefusal(payment, booking);
    if (refusal || !booking) throw AppError.conflict(refusal ?? 'Only booking payments can be refunded here.');
    const claimed = await claimForAdminRefund(
      tx,
      deps,
      payment,
      { actor, subjectProfileId: booking.clientProfileId, before: { bookingStatus: booking.status }, after: {} },
      now,
    );
    return { record, claimed };
  });
  const amount = refundAmount(claimed.amount);
  const answer = await askForAdminRefund(deps, claimed, { amount, reason: ADMIN_REFUND_REASON, actor });
  if (answer.outcome === 'accepted') {
    deps.logger.info(
      { bookingId: claimed.bookingId, paymentId: claimed.id, amount, refundRef: answer.payment.refundRef, by: actor.profileId },
      'booking refunded by an admin',
    );
  }
  return { record, ...answer };
}

/** An admin's refund of a booking: its paid payment, refunded as refundBookingPayment does. */
export async function refundBooking(deps: PaymentDeps, bookingId: string, actor: AuditActor): Promise<{ paymentId: string; outcome: AdminRefundOutcome }> {
  const paid = await findPaidBookingPayment(deps.db, bookingId);
  if (!paid) throw AppError.conflict('This booking has no paid payment to refund.');
  const { outcome } = await refundBookingPayment(
    deps,
    async (tx) => {
      const payment = await lockPayment(tx, paid.id);
      return payment && { payment };
    },
    actor,
  );
  return { paymentId: paid.id, outcome };
}
