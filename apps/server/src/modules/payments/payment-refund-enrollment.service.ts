/**
 * An admin cancels an enrolment whose fee was paid online (M-Pesa or card): the academy's refund rule
 * (the bookings' one: 95% of the fee paid, rounded down) goes back through the provider on the
 * bookings' path (decision 021), starting from the fee's paid payment. In one transaction the
 * payment, then the enrolment (through the academy's settlement handler), are locked and checked
 * once, the payment is claimed (refund_requested_at: two admins or a double click make one refund,
 * the others get 409) with the admin's reason, the request is audited and the back-stop job queued;
 * then the provider is asked. Only its acceptance cancels the enrolment, frees the seat and tells the
 * student (payment-refund-record.ts). A refusal leaves everything as it was (409 with the provider's
 * words); no answer keeps the claim for the job to find or ask again.
 */
import { refundAmount } from '@ops/shared/domain/pricing';
import { AppError } from '../../lib/errors.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import type { PaymentDeps } from './payment-common.ts';
import { ENROLLMENT_CANCEL_PREFIX } from './payment-refund-record.ts';
import { askForAdminRefund, claimForAdminRefund, type AdminRefundOutcome } from './payment-refund.service.ts';
import { settlementHandler } from './payment-settlement-handlers.ts';
import { findPaidEnrollmentPayment, isOnlinePayment, lockPayment } from './payments.repo.ts';

export interface EnrollmentRefundResult {
  paymentId: string;
  outcome: AdminRefundOutcome;
  amount: number;
  of: number;
}

export async function refundEnrollmentFee(
  deps: PaymentDeps,
  input: { enrollmentId: string; reason: string; actor: AuditActor },
): Promise<EnrollmentRefundResult> {
  const now = deps.clock();
  const reason = input.reason.trim();
  const because = `${ENROLLMENT_CANCEL_PREFIX}${reason}`;
  // Found first so it is locked before the enrolment: the order settlement takes its locks in.
  const paid = await findPaidEnrollmentPayment(deps.db, input.enrollmentId);

  const claimed = await deps.db.transaction(async (tx) => {
    const payment = paid && (await lockPayment(tx, paid.id));
    const enrollment = await settlementHandler('enrollment').lockForRefund(tx, input.enrollmentId);
    if (!paid) throw AppError.conflict('This enrolment has no paid payment to refund.');
    if (!payment || payment.status !== 'paid') throw AppError.conflict('This payment has already been refunded.');
    if (payment.refundRequestedAt !== null) throw AppError.conflict('A refund of this payment is already being processed.');
    if (!isOnlinePayment(payment)) throw AppError.conflict('A fee paid at the office is given back at the office, not through the payment service.');
    if (!payment.providerRef) throw AppError.conflict('The payment service never named this payment, so it cannot be refunded from here.');
    // The reason rides on the claim: the provider is told it, and its acceptance tells the student.
    return claimForAdminRefund(
      tx,
      deps,
      payment,
      {
        actor: input.actor,
        subjectProfileId: enrollment.profileId,
        before: { enrollmentStatus: enrollment.status },
        after: { enrollmentId: input.enrollmentId, reason },
        reason: because,
      },
      now,
    );
  });

  const amount = refundAmount(claimed.amount);
  const answer = await askForAdminRefund(deps, claimed, { amount, reason: because, actor: input.actor, clearReason: true });
  if (answer.outcome === 'accepted') {
    deps.logger.info(
      { enrollmentId: input.enrollmentId, paymentId: claimed.id, amount, refundRef: answer.payment.refundRef, by: input.actor.profileId },
      'enrolment fee refunded by an admin',
    );
  }
  return { paymentId: claimed.id, outcome: answer.outcome, amount, of: claimed.amount };
}
