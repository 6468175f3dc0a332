/**
 * The provider took the refund of a course fee paid online that an admin cancelled (recordRefundState →
 * acceptAdminRefund, in its transaction, the payment locked): the payment gives back the academy's
 * refund rule's share, the enrolment is cancelled with its fee refunded and its seat freed, the
 * cancellation is on the audit trail by the admin who asked, and the student hears of it on the bell
 * and by the refund e-mail.
 */
import { formatKes } from '@ops/shared/money';
import { ENROLLMENT_REFUND_PERCENT } from '@ops/shared/domain/enrollment-status';
import type { Transaction } from '../../db/client.ts';
import type { RefundStatus } from '../../providers/payments/payment-provider.ts';
import { markEnrollmentFeeRefunded } from '../academy/enrollment-lifecycle.service.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import type { PaymentDeps } from './payment-common.ts';
import { updatePayment, type PaymentRow } from './payments.repo.ts';

/** How the admin's reason rides on the claimed payment until the provider answers (and to the provider). */
export const ENROLLMENT_CANCEL_PREFIX = 'Enrolment cancelled: ';

export const enrollmentCancelReason = (failureReason: string | null): string =>
  failureReason?.startsWith(ENROLLMENT_CANCEL_PREFIX) ? failureReason.slice(ENROLLMENT_CANCEL_PREFIX.length) : 'Cancelled by OPS Security';

export async function acceptEnrollmentRefund(
  tx: Transaction,
  deps: PaymentDeps,
  payment: PaymentRow & { enrollmentId: string },
  refund: RefundStatus,
  accepted: { amount: number; by: AuditActor | null },
  now: Date,
): Promise<void> {
  const done = refund.state === 'COMPLETED';
  const reason = enrollmentCancelReason(payment.failureReason);
  const words = reason.replace(/[.!?]?\s*$/, '.');
  await updatePayment(
    tx,
    payment.id,
    {
      status: done ? 'refunded' : 'refund_pending',
      refundedAmount: accepted.amount,
      refundRef: refund.refundRef,
      refundedAt: done ? now : null,
      failureReason: `Your enrollment was cancelled by OPS Security: ${words} The academy refunds ${ENROLLMENT_REFUND_PERCENT}% of the ${formatKes(payment.amount)} paid.`,
    },
    now,
  );
  const cancelled = await markEnrollmentFeeRefunded(
    tx,
    { enrollmentId: payment.enrollmentId, reason, amount: accepted.amount, of: payment.amount, done },
    now,
  );
  if (!cancelled) {
    deps.logger.error(
      { paymentId: payment.id, enrollmentId: payment.enrollmentId },
      'refund accepted for an enrolment that can no longer be cancelled; the money still goes back',
    );
  } else if (accepted.by) {
    await recordAudit(tx, {
      actor: accepted.by,
      action: 'enrollment.cancel',
      recordType: 'enrollment',
      recordId: payment.enrollmentId,
      subjectProfileId: payment.payerProfileId,
      before: { status: 'active', paymentStatus: 'paid' },
      after: { status: 'cancelled', paymentStatus: 'refunded', reason, refund: 'provider', refundAmount: accepted.amount, amount: payment.amount },
      at: now,
    });
  }
  await deps.jobs.enqueue('send-payment-refund-notice', { paymentId: payment.id }, { tx });
}
