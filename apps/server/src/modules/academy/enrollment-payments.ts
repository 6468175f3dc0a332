/**
 * A course fee paid online goes through the same provider, the same stored attempt and the same
 * settlement as a booking's payment (payments/). What the money's moves mean for the enrolment is
 * the academy's settlement handler (enrollmentSettlement), which app.ts gives payments at start-up:
 * payments calls it and never imports the academy. The payment's own moves go through
 * payments/payment-lifecycle.service.ts; the enrolment's statuses and its seat only through
 * enrollment-lifecycle.service.ts.
 */
import { cancelRefusal } from '@ops/shared/domain/enrollment-status';
import { formatKes } from '@ops/shared/money';
import type { Transaction } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { PaymentStatus } from '../../providers/payments/payment-provider.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { notifyAdmins } from '../notifications/notifications.service.ts';
import { adminLink, DEFAULT_FAILURE_REASON, type PaymentDeps, type PaymentRow } from '../payments/payment-common.ts';
import { markFailed, markPaid, markRefundOwed, recordProviderProgress, type ProviderFacts } from '../payments/payment-lifecycle.service.ts';
import { queueRefund } from '../payments/payment-refund.service.ts';
import type { Settled, SettlementHandler } from '../payments/payment-settlement-handlers.ts';
import {
  lockEnrollment,
  markEnrollmentFeeRefunded,
  markEnrollmentLateMoneyReturned,
  markEnrollmentPaidOnline,
  RELEASE_REASONS,
  releaseUnpaidEnrollment,
  type EnrollmentRow,
} from './enrollment-lifecycle.service.ts';
import { ENROLLMENT_NOTICES, sendEnrollmentRefundEmail, tellStudent } from './enrollment-notices.ts';
import { findCohortWithCourse } from './enrollments.repo.ts';

const titleOf = async (tx: Transaction, row: EnrollmentRow) => (await findCohortWithCourse(tx, row.cohortId))?.courseTitle ?? 'your course';

/** Why money that cannot pay for this enrolment goes back, in the student's words. */
function lateReason(row: EnrollmentRow): string {
  if (row.paymentStatus === 'paid') return 'This enrollment was already paid.';
  return 'Your seat had been released before the payment arrived, and the cohort is now full. Please choose another start date.';
}

/**
 * settlePayment's part for a payment with enrollment_id, in its transaction, on the locked payment
 * (already checked to be about this attempt and not settled before). Paid in full: the enrolment is
 * active and paid (a released one only while a seat is free); anything else of the money goes back
 * in full through the refund path, and the student is told.
 */
export async function settleEnrollmentPayment(
  tx: Transaction,
  deps: PaymentDeps,
  payment: PaymentRow,
  status: PaymentStatus,
  now: Date,
): Promise<Settled> {
  const learnt: ProviderFacts = {
    providerRef: payment.providerRef ?? status.providerRef,
    providerPayload: status.raw,
    method: status.method ?? payment.method,
  };
  const log = deps.logger.child({ paymentId: payment.id, enrollmentId: payment.enrollmentId });
  if (status.state === 'PENDING' || status.state === 'PROCESSING') {
    await recordProviderProgress(tx, payment, learnt, status.state, now);
    return { outcome: 'pending' };
  }
  const row = await lockEnrollment(tx, payment.enrollmentId ?? '');
  if (!row) throw new Error(`enrolment of payment ${payment.id} not found`);
  const title = await titleOf(tx, row);

  if (status.state === 'FAILED') {
    const reason = status.failureReason ?? DEFAULT_FAILURE_REASON;
    await markFailed(tx, payment, { ...learnt, failureReason: reason }, now);
    if (await releaseUnpaidEnrollment(tx, row, RELEASE_REASONS.paymentFailed, now)) {
      await tellStudent(tx, row.profileId, ENROLLMENT_NOTICES.paymentFailed(title, status.failureReason ?? null));
    }
    log.info({ reason }, 'enrolment payment failed; seat released');
    return { outcome: 'failed' };
  }

  const fullAmount = status.amountKes === payment.amount && status.currency === 'KES';
  if (!fullAmount) {
    const received = status.currency === 'KES' ? formatKes(status.amountKes) : `${status.currency} ${status.amountKes}`;
    const reason = `We received ${received} for a fee of ${formatKes(payment.amount)}, so all of it is refunded. Please enroll again and pay the exact amount.`;
    log.error(
      { expected: payment.amount, received: status.amountKes, currency: status.currency },
      'provider confirmed a different amount for an enrolment; refunding it in full',
    );
    await markRefundOwed(tx, payment, { ...learnt, receivedAmount: status.amountKes, refundedAmount: status.amountKes, failureReason: reason }, now);
    await releaseUnpaidEnrollment(tx, row, RELEASE_REASONS.paymentFailed, now);
    await tellStudent(tx, row.profileId, reason);
    await notifyAdmins(
      tx,
      'payment',
      `Payment ${payment.apiRef}: expected ${formatKes(payment.amount)}, received ${received}. The enrollment was not paid and the money is being refunded in full.`,
      adminLink,
    );
    await queueRefund(tx, deps, payment.id, now);
    return { outcome: 'refund_owed', paymentId: payment.id };
  }

  const transactionId = learnt.providerRef ?? null;
  if (await markEnrollmentPaidOnline(tx, row, transactionId, now)) {
    await markPaid(tx, payment, learnt, now);
    await tellStudent(tx, row.profileId, ENROLLMENT_NOTICES.paid(title, payment.amount));
    await deps.jobs.enqueue('send-enrollment-email', { enrollmentId: row.id, kind: 'paid' }, { tx });
    log.info('enrolment paid');
    return { outcome: 'confirmed' };
  }

  // Paid for an enrolment that cannot take it (released and the cohort filled meanwhile, or paid
  // already): the row says the money arrived, and all of it goes back.
  const reason = lateReason(row);
  await markRefundOwed(tx, payment, { ...learnt, refundedAmount: payment.amount, failureReason: reason }, now);
  await markEnrollmentLateMoneyReturned(tx, row, now);
  await tellStudent(tx, row.profileId, ENROLLMENT_NOTICES.lateRefund(title, payment.amount, reason));
  log.warn({ status: row.status, paymentStatus: row.paymentStatus }, 'payment cannot pay for its enrolment; refunding it in full');
  await queueRefund(tx, deps, payment.id, now);
  return { outcome: 'refund_owed', paymentId: payment.id };
}

/** An attempt closed without money (the provider refused the start, or never answered in two days). */
export async function closeEnrollmentAttempt(tx: Transaction, enrollmentId: string, now: Date, tell: boolean): Promise<void> {
  const row = await lockEnrollment(tx, enrollmentId);
  if (!row) return;
  if ((await releaseUnpaidEnrollment(tx, row, RELEASE_REASONS.paymentFailed, now)) && tell)
    await tellStudent(tx, row.profileId, ENROLLMENT_NOTICES.paymentFailed(await titleOf(tx, row), null));
}

/** Before an admin's refund of a fee paid online is claimed (payment locked first): the enrolment, locked, may still be cancelled. */
async function lockForRefund(tx: Transaction, enrollmentId: string): Promise<{ profileId: string; status: string }> {
  const row = await lockEnrollment(tx, enrollmentId);
  if (!row) throw AppError.notFound('Enrolment not found');
  const refusal = cancelRefusal(row);
  if (refusal) throw AppError.conflict(refusal);
  return { profileId: row.profileId, status: row.status };
}

/**
 * The provider took the refund of a fee an admin cancelled: the enrolment is cancelled with its fee
 * refunded and its seat freed, the student told on the bell, and the cancellation on the trail by
 * the admin who asked. False when it can no longer be (completed meanwhile, say).
 */
async function refundAccepted(
  tx: Transaction,
  payment: PaymentRow,
  refund: Parameters<SettlementHandler['refundAccepted']>[2],
  now: Date,
): Promise<boolean> {
  const enrollmentId = payment.enrollmentId ?? '';
  const cancelled = await markEnrollmentFeeRefunded(
    tx,
    { enrollmentId, reason: refund.reason, amount: refund.amount, of: payment.amount, done: refund.done },
    now,
  );
  if (cancelled && refund.by) {
    await recordAudit(tx, {
      actor: refund.by,
      action: 'enrollment.cancel',
      recordType: 'enrollment',
      recordId: enrollmentId,
      subjectProfileId: payment.payerProfileId,
      before: { status: 'active', paymentStatus: 'paid' },
      after: {
        status: 'cancelled',
        paymentStatus: 'refunded',
        reason: refund.reason,
        refund: 'provider',
        refundAmount: refund.amount,
        amount: payment.amount,
      },
      at: now,
    });
  }
  return cancelled;
}

/** What money moving means for a course fee's enrolment: given to payments at start-up (app.ts). */
export const enrollmentSettlement: SettlementHandler = {
  settle: settleEnrollmentPayment,
  closeAttempt: closeEnrollmentAttempt,
  lockForRefund,
  refundAccepted,
  sendRefundNotice: sendEnrollmentRefundEmail,
};
