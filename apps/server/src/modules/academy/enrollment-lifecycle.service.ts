/**
 * The one owner of an enrolment's status and payment status, and of cohorts.enrolled_count. Every
 * change goes through the shared status machine (@ops/shared/domain/enrollment-status) on a row
 * locked in the caller's transaction; a move between a seat-holding and a seat-less status takes or
 * gives back the seat in the same transaction. Enrolling, payments, the deadline job and the console
 * call these functions; nobody else writes those columns.
 *
 * Status choices: a paid enrolment (M-Pesa, card or cash at the office) is 'active' with payment
 * 'paid' (the fee is the gate; no admin approval follows). A failed, abandoned or overdue payment
 * makes it 'cancelled' with payment 'failed', which frees the seat; money arriving after that buys a
 * free seat back ('active'/'paid') or is given back in full ('cancelled'/'refunded'). Admin review
 * applies to 'pending' enrolments only: 'approved' keeps the seat, 'rejected' frees it.
 */
import { assertEnrollmentMove, EnrollmentMoveError, holdsSeat, type EnrollmentStatuses } from '@ops/shared/domain/enrollment-status';
import { formatKes } from '@ops/shared/money';
import type { Executor, Transaction } from '../../db/client.ts';
import type { AppDeps } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { insertPayment } from '../payments/payments.repo.ts';
import {
  findCohortWithCourse,
  insertEnrollment,
  lockEnrollment,
  releaseSeat,
  takeSeat,
  writeEnrollmentChange,
  type EnrollmentRow,
  type NewEnrollment,
} from './enrollments.repo.ts';

export { holdsSeat, type EnrollmentRow };

export type Deps = Pick<AppDeps, 'db' | 'jobs' | 'logger' | 'clock'>;

/** Where the student's enrolments are shown. */
export const STUDENT_DASHBOARD_LINK = '/student-dashboard';

export const COHORT_FULL_MESSAGE = 'This cohort is full.';

interface Extra {
  transactionId?: string | null;
  notes?: string | null;
}

/**
 * Checks the move with the machine (a refused one is a 409 with its words), moves the seat when
 * the move crosses between holding and not holding one, and writes the change. Throws 409 'This
 * cohort is full.' when a seat is needed and none is left.
 */
async function change(tx: Executor, row: EnrollmentRow, to: EnrollmentStatuses & Extra, now: Date): Promise<void> {
  try {
    assertEnrollmentMove(row, to);
  } catch (err) {
    if (err instanceof EnrollmentMoveError) throw AppError.conflict(err.message);
    throw err;
  }
  const had = holdsSeat(row.status);
  const will = holdsSeat(to.status);
  if (!had && will && !(await takeSeat(tx, row.cohortId, now))) throw AppError.conflict(COHORT_FULL_MESSAGE);
  if (had && !will) await releaseSeat(tx, row.cohortId, now);
  await writeEnrollmentChange(tx, row.id, to, now);
  Object.assign(row, to, { updatedAt: now });
}

async function lockOr404(tx: Executor, id: string): Promise<EnrollmentRow> {
  const row = await lockEnrollment(tx, id);
  if (!row) throw AppError.notFound('Enrolment not found');
  return row;
}

/**
 * A new enrolment with its seat, in `tx`: the seat is taken by one conditional update (409 'This
 * cohort is full.' when none is left) before the row is written.
 */
export async function createEnrollment(tx: Transaction, row: NewEnrollment, now: Date): Promise<EnrollmentRow> {
  if (!holdsSeat(row.status)) throw new Error(`a new enrolment must hold a seat, not be ${row.status}`);
  if (!(await takeSeat(tx, row.cohortId, now))) throw AppError.conflict(COHORT_FULL_MESSAGE);
  return insertEnrollment(tx, row, now);
}

async function courseTitleOf(db: Executor, row: EnrollmentRow): Promise<string> {
  return (await findCohortWithCourse(db, row.cohortId))?.courseTitle ?? 'the course';
}

/** An admin approves or rejects a pending enrolment; rejection frees its seat. Audited and the student told. */
export async function reviewEnrollment(
  deps: Deps,
  input: { enrollmentId: string; decision: 'approved' | 'rejected'; actor: AuditActor },
): Promise<EnrollmentRow> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const row = await lockOr404(tx, input.enrollmentId);
    if (row.status !== 'pending') throw AppError.conflict('Only pending enrolments can be approved or rejected.');
    const before = { status: row.status, paymentStatus: row.paymentStatus };
    const notes = input.decision === 'approved' ? 'Approved by admin' : 'Rejected by admin';
    await change(tx, row, { status: input.decision, paymentStatus: row.paymentStatus, notes }, now);
    await recordAudit(tx, {
      actor: input.actor,
      action: input.decision === 'approved' ? 'enrollment.approve' : 'enrollment.reject',
      recordType: 'enrollment',
      recordId: row.id,
      subjectProfileId: row.profileId,
      before,
      after: { status: row.status, paymentStatus: row.paymentStatus },
      at: now,
    });
    const title = await courseTitleOf(tx, row);
    await notify(
      tx,
      [row.profileId],
      input.decision === 'approved' ? 'approval' : 'rejection',
      input.decision === 'approved' ? `Your enrolment in ${title} was approved.` : `Your enrolment in ${title} was not approved.`,
      STUDENT_DASHBOARD_LINK,
    );
    return row;
  });
}

export const DUPLICATE_RECEIPT_MESSAGE = 'This receipt number is already recorded for another payment.';

/** A receipt number as it is kept and searched: capitals, no spaces ('rcpt 0117' is 'RCPT0117'). */
export const normalizeReceiptNumber = (receipt: string) => receipt.toUpperCase().replace(/\s+/g, '');

/**
 * The office took the fee in cash: pending_cash → active and paid, the receipt number kept on the
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
    const row = await lockOr404(tx, input.enrollmentId);
    if (row.status !== 'pending_cash' || row.paymentStatus !== 'pending_cash')
      throw AppError.conflict('Only a cash enrolment awaiting payment can be marked paid.');
    const before = { status: row.status, paymentStatus: row.paymentStatus };
    try {
      await insertPayment(tx, {
        enrollmentId: row.id,
        payerProfileId: row.profileId,
        provider: 'office',
        method: 'cash',
        amount: row.coursePrice,
        status: 'paid',
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
    await change(tx, row, { status: 'active', paymentStatus: 'paid', transactionId: receipt }, now);
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

export { lockEnrollment };

/** Why a seat was given back, as the enrolment's notes keep it. */
export const RELEASE_REASONS = {
  paymentFailed: 'Payment failed',
  holdLapsed: 'Payment not completed in time',
  cashDeadline: 'Cash payment not received by the deadline',
} as const;

/**
 * The fee arrived online (M-Pesa or card): active and paid, with the provider's invoice id. A
 * released enrolment takes a seat again if one is free (in a savepoint, so a full cohort or a newer
 * enrolment of the same person leaves the caller's transaction usable). False when this enrolment
 * cannot take the money: the caller gives it back.
 */
export async function markEnrollmentPaidOnline(tx: Transaction, row: EnrollmentRow, transactionId: string | null, now: Date): Promise<boolean> {
  const to = { status: 'active' as const, paymentStatus: 'paid' as const, transactionId, notes: null };
  if (row.status === 'pending_payment' && row.paymentStatus === 'pending') {
    await change(tx, row, to, now);
    return true;
  }
  if (row.status !== 'cancelled' || row.paymentStatus !== 'failed') return false;
  try {
    await tx.transaction(async (savepoint) => {
      await change(savepoint, { ...row }, to, now);
    });
  } catch (err) {
    if ((err instanceof AppError && err.status === 409) || isUniqueViolation(err, 'enrollments_profile_cohort_active_key')) return false;
    throw err;
  }
  Object.assign(row, to, { updatedAt: now });
  return true;
}

/**
 * An unpaid enrolment lets go of its seat: cancelled, payment failed, with the reason in its notes.
 * False (nothing written) when it is not awaiting payment any more.
 */
export async function releaseUnpaidEnrollment(tx: Executor, row: EnrollmentRow, reason: string, now: Date): Promise<boolean> {
  const awaiting =
    (row.status === 'pending_payment' && row.paymentStatus === 'pending') || (row.status === 'pending_cash' && row.paymentStatus === 'pending_cash');
  if (!awaiting) return false;
  await change(tx, row, { status: 'cancelled', paymentStatus: 'failed', notes: reason }, now);
  return true;
}

/** Money came for a released enrolment that cannot take it and goes back in full: payment refunded. */
export async function markEnrollmentLateMoneyReturned(tx: Executor, row: EnrollmentRow, now: Date): Promise<boolean> {
  if (row.status !== 'cancelled' || row.paymentStatus !== 'failed') return false;
  await change(tx, row, { status: 'cancelled', paymentStatus: 'refunded' }, now);
  return true;
}
