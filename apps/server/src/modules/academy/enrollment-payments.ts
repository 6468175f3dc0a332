/**
 * A course fee paid online goes through the same provider, the same stored attempt and the same
 * settlement as a booking's payment (payments/): settlePayment hands an enrolment's payment here.
 * The enrolment's statuses and its seat change only through enrollment-lifecycle.service.ts.
 */
import { formatKes } from '@ops/shared/money';
import type { Transaction } from '../../db/client.ts';
import type { PaymentStatus } from '../../providers/payments/payment-provider.ts';
import { notify } from '../notifications/notifications.service.ts';
import { adminLink, DEFAULT_FAILURE_REASON, type PaymentDeps } from '../payments/payment-common.ts';
import { adminProfileIds } from '../payments/payment-bookings.repo.ts';
import { queueRefund } from '../payments/payment-refund.service.ts';
import type { Settled } from '../payments/payment-settle.service.ts';
import { updatePayment, type PaymentChanges, type PaymentRow } from '../payments/payments.repo.ts';
import {
  lockEnrollment,
  markEnrollmentLateMoneyReturned,
  markEnrollmentPaidOnline,
  RELEASE_REASONS,
  releaseUnpaidEnrollment,
  type EnrollmentRow,
} from './enrollment-lifecycle.service.ts';
import { ENROLLMENT_NOTICES, tellStudent } from './enrollment-notices.ts';
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
  const learnt: PaymentChanges = {
    providerRef: payment.providerRef ?? status.providerRef,
    providerPayload: status.raw,
    method: status.method ?? payment.method,
  };
  const log = deps.logger.child({ paymentId: payment.id, enrollmentId: payment.enrollmentId });
  if (status.state === 'PENDING' || status.state === 'PROCESSING') {
    await updatePayment(tx, payment.id, { ...learnt, status: status.state === 'PROCESSING' ? 'processing' : payment.status }, now);
    return { outcome: 'pending' };
  }
  const row = await lockEnrollment(tx, payment.enrollmentId ?? '');
  if (!row) throw new Error(`enrolment of payment ${payment.id} not found`);
  const title = await titleOf(tx, row);

  if (status.state === 'FAILED') {
    const reason = status.failureReason ?? DEFAULT_FAILURE_REASON;
    await updatePayment(tx, payment.id, { ...learnt, status: 'failed', failureReason: reason }, now);
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
    await updatePayment(
      tx,
      payment.id,
      { ...learnt, status: 'refund_pending', receivedAmount: status.amountKes, refundedAmount: status.amountKes, failureReason: reason, paidAt: now },
      now,
    );
    await releaseUnpaidEnrollment(tx, row, RELEASE_REASONS.paymentFailed, now);
    await tellStudent(tx, row.profileId, reason);
    await notify(
      tx,
      await adminProfileIds(tx),
      'payment',
      `Payment ${payment.apiRef}: expected ${formatKes(payment.amount)}, received ${received}. The enrollment was not paid and the money is being refunded in full.`,
      adminLink,
    );
    await queueRefund(tx, deps, payment.id, now);
    return { outcome: 'refund_owed', paymentId: payment.id };
  }

  const paid: PaymentChanges = { ...learnt, paidAt: now };
  const transactionId = learnt.providerRef ?? null;
  if (await markEnrollmentPaidOnline(tx, row, transactionId, now)) {
    await updatePayment(tx, payment.id, { ...paid, status: 'paid', failureReason: null }, now);
    await tellStudent(tx, row.profileId, ENROLLMENT_NOTICES.paid(title, payment.amount));
    await deps.jobs.enqueue('send-enrollment-email', { enrollmentId: row.id, kind: 'paid' }, { tx });
    log.info('enrolment paid');
    return { outcome: 'confirmed' };
  }

  // Paid for an enrolment that cannot take it (released and the cohort filled meanwhile, or paid
  // already): the row says the money arrived, and all of it goes back.
  const reason = lateReason(row);
  await updatePayment(tx, payment.id, { ...paid, status: 'refund_pending', refundedAmount: payment.amount, failureReason: reason }, now);
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
