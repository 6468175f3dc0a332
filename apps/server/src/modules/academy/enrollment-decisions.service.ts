/**
 * The console's decisions on an enrolment, each a move of the enrolment lifecycle with its audit row
 * and the student told. The console reviews enrolments nobody decided on ('pending', and
 * 'pending_cash' cash enrolments): approving keeps the seat (a cash fee stays due by its deadline),
 * rejecting frees it. It cancels any unpaid one, and a paid one with the fee given back at the
 * academy's refund rule (online: through the provider, payment-refund-enrollment.service.ts; cash:
 * returned at the office, here); either way 'cancelled', the seat freed, the student told. And it
 * records a cash fee taken at the office.
 */
import { awaitsCash, cancellationRefund, cancelRefusal, type CancellationRefund } from '@ops/shared/domain/enrollment-status';
import { formatKes } from '@ops/shared/money';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { isOfficeCashPaid, lockPaymentForChange, recordCashReturned, recordOfficeCash } from '../payments/payment-lifecycle.service.ts';
import {
  courseTitleOf,
  lockEnrollmentOr404,
  moveEnrollment,
  STUDENT_DASHBOARD_LINK,
  type Deps,
  type EnrollmentRow,
} from './enrollment-lifecycle.service.ts';
import { ENROLLMENT_NOTICES, tellStudent } from './enrollment-notices.ts';
import { findPaidEnrollmentPayment } from './enrollments.repo.ts';

export const NOT_PENDING_MESSAGE = 'Only pending enrolments can be approved or rejected.';

/**
 * An admin approves or rejects an enrolment nobody decided on yet: 'pending', or a cash enrolment
 * awaiting its fee ('pending_cash'). Approving keeps the seat (a cash fee stays due at the office by
 * its deadline); rejecting, with a reason the student reads, frees it. Audited, and the student told
 * on the bell and by e-mail.
 */
export async function reviewEnrollment(
  deps: Deps,
  input: { enrollmentId: string; decision: 'approved' | 'rejected'; reason?: string | null; actor: AuditActor },
): Promise<EnrollmentRow> {
  const now = deps.clock();
  const reason = input.reason?.trim() || null;
  if (input.decision === 'rejected' && !reason) throw AppError.validation({ reason: REASON_REQUIRED_MESSAGE }, REASON_REQUIRED_MESSAGE);
  return deps.db.transaction(async (tx) => {
    const row = await lockEnrollmentOr404(tx, input.enrollmentId);
    const cash = row.status === 'pending_cash' && row.paymentStatus === 'pending_cash';
    if (row.status !== 'pending' && !cash) throw AppError.conflict(NOT_PENDING_MESSAGE);
    const before = { status: row.status, paymentStatus: row.paymentStatus };
    const notes = input.decision === 'approved' ? 'Approved by admin' : `Rejected by admin: ${reason}`;
    // A rejected cash enrolment owes nothing any more (its fee 'failed', as a released one's).
    const paymentStatus = input.decision === 'rejected' && cash ? 'failed' : row.paymentStatus;
    await moveEnrollment(tx, row, { status: input.decision, paymentStatus, notes }, now);
    await recordAudit(tx, {
      actor: input.actor,
      action: input.decision === 'approved' ? 'enrollment.approve' : 'enrollment.reject',
      recordType: 'enrollment',
      recordId: row.id,
      subjectProfileId: row.profileId,
      before,
      after: { status: row.status, paymentStatus: row.paymentStatus, ...(reason && input.decision === 'rejected' ? { reason } : {}) },
      at: now,
    });
    const title = await courseTitleOf(tx, row);
    await notify(
      tx,
      [row.profileId],
      input.decision === 'approved' ? 'approval' : 'rejection',
      input.decision === 'approved'
        ? ENROLLMENT_NOTICES.approved(title, row.paymentStatus === 'pending_cash' ? row.coursePrice : null, row.paymentDeadline)
        : ENROLLMENT_NOTICES.rejected(title, reason ?? ''),
      STUDENT_DASHBOARD_LINK,
    );
    await deps.jobs.enqueue('send-enrollment-email', { enrollmentId: row.id, kind: input.decision }, { tx });
    return row;
  });
}

export const REASON_REQUIRED_MESSAGE = 'Please give a reason';

export interface CancelOutcome {
  row: EnrollmentRow;
  refund: CancellationRefund;
}

/**
 * An admin cancels an enrolment with a reason the student reads: an unpaid one (awaiting cash,
 * approved or not) simply lets its seat go; one paid in cash at the office gives back the academy's
 * refund rule's share (95%, rounded down) in cash, recorded as a refund of its office payment, so
 * the console's Payments shows it. Either way 'cancelled', the seat freed, audited, the student told
 * on the bell and by e-mail. One paid online is not cancelled here: its refund asks the provider first
 * (payment-refund-enrollment.service.ts), and its acceptance cancels it (markEnrollmentFeeRefunded).
 * A second press finds it cancelled: 409, nothing written.
 */
export async function cancelEnrollment(deps: Deps, input: { enrollmentId: string; reason: string; actor: AuditActor }): Promise<CancelOutcome> {
  const now = deps.clock();
  const reason = input.reason.trim();
  if (!reason) throw AppError.validation({ reason: REASON_REQUIRED_MESSAGE }, REASON_REQUIRED_MESSAGE);
  // The office payment is locked before the enrolment, the order settlement takes its locks in.
  const paid = await findPaidEnrollmentPayment(deps.db, input.enrollmentId);
  return deps.db.transaction(async (tx) => {
    const payment = paid ? await lockPaymentForChange(tx, paid.id) : null;
    const row = await lockEnrollmentOr404(tx, input.enrollmentId);
    const refusal = cancelRefusal(row);
    if (refusal) throw AppError.conflict(refusal);
    if (row.paymentStatus === 'paid' && row.paymentMethod !== 'cash')
      throw new Error('an enrolment paid online is cancelled through its refund (payment-refund-enrollment.service.ts)');
    const before = { status: row.status, paymentStatus: row.paymentStatus };
    const refund = cancellationRefund(row);
    if (refund.how === 'office') {
      if (!payment || !isOfficeCashPaid(payment)) throw AppError.conflict('This enrolment has no cash payment recorded at the office to give back.');
      await recordCashReturned(tx, payment, { amount: refund.amount, reason: `Enrolment cancelled: ${reason}` }, now);
    }
    await moveEnrollment(
      tx,
      row,
      { status: 'cancelled', paymentStatus: refund.how === 'none' ? 'failed' : 'refunded', notes: `Cancelled by admin: ${reason}` },
      now,
    );
    await recordAudit(tx, {
      actor: input.actor,
      action: 'enrollment.cancel',
      recordType: 'enrollment',
      recordId: row.id,
      subjectProfileId: row.profileId,
      before,
      after: {
        status: row.status,
        paymentStatus: row.paymentStatus,
        reason,
        ...(refund.how === 'none' ? {} : { refund: refund.how, refundAmount: refund.amount, amount: refund.of }),
      },
      at: now,
    });
    const title = await courseTitleOf(tx, row);
    await tellStudent(tx, row.profileId, ENROLLMENT_NOTICES.cancelled(title, reason, refund, 'done'));
    await deps.jobs.enqueue('send-enrollment-email', { enrollmentId: row.id, kind: 'cancelled' }, { tx });
    return { row, refund };
  });
}

export const DUPLICATE_RECEIPT_MESSAGE = 'This receipt number is already recorded for another payment.';

/** A receipt number as it is kept and searched: capitals, no spaces ('rcpt 0117' is 'RCPT0117'). */
export const normalizeReceiptNumber = (receipt: string) => receipt.toUpperCase().replace(/\s+/g, '');

/**
 * The office took the fee in cash: pending_cash (or approved, fee due) → active and paid, the receipt number kept on the
 * enrolment and on a payment record (method cash, provider 'office', paid now), so the console's
 * Payments view, its period summary and the accountant's CSV count the money. A receipt number
 * already recorded is refused (payments_provider_ref_key), and nothing is written. Audited and the
 * student told.
 */
export async function markCashEnrollmentPaid(
  deps: Deps,
  input: { enrollmentId: string; receiptNumber: string; actor: AuditActor },
): Promise<EnrollmentRow> {
  const now = deps.clock();
  const receipt = normalizeReceiptNumber(input.receiptNumber);
  if (!receipt) throw AppError.validation({ receiptNumber: 'Please enter the receipt number' });
  return deps.db.transaction(async (tx) => {
    const row = await lockEnrollmentOr404(tx, input.enrollmentId);
    if (!awaitsCash(row)) throw AppError.conflict('Only a cash enrolment awaiting payment can be marked paid.');
    const before = { status: row.status, paymentStatus: row.paymentStatus };
    try {
      await recordOfficeCash(tx, {
        enrollmentId: row.id,
        payerProfileId: row.profileId,
        amount: row.coursePrice,
        apiRef: `CASH-${row.id}`,
        providerRef: receipt,
        paidAt: now,
        createdAt: now,
        updatedAt: now,
      });
    } catch (err) {
      if (isUniqueViolation(err, 'payments_provider_ref_key'))
        throw AppError.validation({ receiptNumber: DUPLICATE_RECEIPT_MESSAGE }, DUPLICATE_RECEIPT_MESSAGE);
      throw err;
    }
    await moveEnrollment(tx, row, { status: 'active', paymentStatus: 'paid', transactionId: receipt }, now);
    await recordAudit(tx, {
      actor: input.actor,
      action: 'enrollment.cash_paid',
      recordType: 'enrollment',
      recordId: row.id,
      subjectProfileId: row.profileId,
      before,
      after: { status: row.status, paymentStatus: row.paymentStatus, amount: row.coursePrice, receiptNumber: receipt },
      at: now,
    });
    const title = await courseTitleOf(tx, row);
    await notify(
      tx,
      [row.profileId],
      'payment',
      `Cash payment of ${formatKes(row.coursePrice)} received (receipt ${receipt}): your enrolment in ${title} is active.`,
      STUDENT_DASHBOARD_LINK,
    );
    return row;
  });
}
