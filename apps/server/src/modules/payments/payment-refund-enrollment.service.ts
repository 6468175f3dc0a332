/**
 * An admin cancels an enrolment whose fee was paid online (M-Pesa or card): the academy's refund rule
 * (the bookings' one: 95% of the fee paid, rounded down) goes back through the provider on the
 * bookings' path (decision 021). In one transaction the payment, then the enrolment, are locked and
 * checked, the payment is claimed (refund_requested_at: two admins or a double click make one
 * refund, the others get 409) with the admin's reason, the request is audited and the back-stop job
 * queued; then the provider is asked. Only its acceptance cancels the enrolment, frees the seat and
 * tells the student (payment-refund-enrollment-record.ts). A refusal leaves everything as it was
 * (409 with the provider's words); no answer keeps the claim for the job to find or ask again.
 */
import { cancelRefusal } from '@ops/shared/domain/enrollment-status';
import { refundAmount } from '@ops/shared/domain/pricing';
import { AppError } from '../../lib/errors.ts';
import { PaymentProviderError, type RefundStatus } from '../../providers/payments/payment-provider.ts';
import { lockEnrollment } from '../academy/enrollment-lifecycle.service.ts';
import { findEnrollment, findPaidEnrollmentPayment } from '../academy/enrollments.repo.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import type { PaymentDeps } from './payment-common.ts';
import { ENROLLMENT_CANCEL_PREFIX } from './payment-refund-enrollment-record.ts';
import { recordRefundState, REFUND_REQUEST_ACTION, refundRefusal } from './payment-refund-record.ts';
import { REFUND_BACKSTOP_MS, type AdminRefundOutcome } from './payment-refund.service.ts';
import { findPayment, isOnlinePayment, lockPayment, updatePayment } from './payments.repo.ts';

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
  const enrollment = await findEnrollment(deps.db, input.enrollmentId);
  if (!enrollment) throw AppError.notFound('Enrolment not found');
  const refusal = cancelRefusal(enrollment);
  if (refusal) throw AppError.conflict(refusal);
  const paid = await findPaidEnrollmentPayment(deps.db, input.enrollmentId);
  if (!paid) throw AppError.conflict('This enrolment has no paid payment to refund.');
  const amount = refundAmount(paid.amount);

  await deps.db.transaction(async (tx) => {
    // Payment first, then enrolment: the order settlement takes its locks in.
    const payment = await lockPayment(tx, paid.id);
    const row = await lockEnrollment(tx, input.enrollmentId);
    if (!row) throw AppError.notFound('Enrolment not found');
    const stillRefused = cancelRefusal(row);
    if (stillRefused) throw AppError.conflict(stillRefused);
    if (!payment || payment.status !== 'paid') throw AppError.conflict('This payment has already been refunded.');
    if (payment.refundRequestedAt !== null) throw AppError.conflict('A refund of this payment is already being processed.');
    if (!isOnlinePayment(payment)) throw AppError.conflict('A fee paid at the office is given back at the office, not through the payment service.');
    if (!payment.providerRef) throw AppError.conflict('The payment service never named this payment, so it cannot be refunded from here.');
    // The reason rides on the claim: the provider is told it, and its acceptance tells the student.
    await updatePayment(tx, payment.id, { refundRequestedAt: now, failureReason: `${ENROLLMENT_CANCEL_PREFIX}${reason}` }, now);
    await recordAudit(tx, {
      actor: input.actor,
      action: REFUND_REQUEST_ACTION,
      recordType: 'payment',
      recordId: payment.id,
      subjectProfileId: row.profileId,
      before: { status: 'paid', enrollmentStatus: row.status },
      after: { status: 'refund_requested', refundAmount: amount, amount: payment.amount, enrollmentId: row.id, reason },
      at: now,
    });
    await deps.jobs.enqueue('payment-refund', { paymentId: payment.id }, { tx, startAfter: new Date(now.getTime() + REFUND_BACKSTOP_MS) });
  });

  let refund: RefundStatus;
  try {
    refund = await deps.payments.refund({ providerRef: paid.providerRef ?? '', amountKes: amount, reason: `${ENROLLMENT_CANCEL_PREFIX}${reason}` });
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    if (err.kind !== 'rejected') {
      deps.logger.warn({ err, detail: err.detail, paymentId: paid.id }, 'enrolment refund not answered; kept claimed for the job to find or ask again');
      return { paymentId: paid.id, outcome: 'unconfirmed', amount, of: paid.amount };
    }
    const refused = await refundRefusal(deps, paid, err, input.actor);
    // The payment is plainly paid again: the reason it carried for the refund goes with the claim.
    const after = await findPayment(deps.db, paid.id);
    if (after?.status === 'paid' && after.refundRequestedAt === null) await updatePayment(deps.db, paid.id, { failureReason: null }, deps.clock());
    throw AppError.conflict(refused);
  }
  await recordRefundState(deps, paid.id, refund, input.actor);
  deps.logger.info(
    { enrollmentId: input.enrollmentId, paymentId: paid.id, amount, refundRef: refund.refundRef, by: input.actor.profileId },
    'enrolment fee refunded by an admin',
  );
  return { paymentId: paid.id, outcome: 'accepted', amount, of: paid.amount };
}
