/**
 * The one owner of an enrolment's status and payment status. Every change goes through the shared
 * status machine (@ops/shared/domain/enrollment-status) on a row locked in the caller's transaction.
 * A cohort's enrolled_count is kept by the database (migration 0032: recounted from the seat-holding
 * enrolments by triggers); a move that needs a seat locks the cohort's row first and refuses a full
 * cohort, and the capacity check refuses the rest of any race. Enrolling, payments, the deadline job
 * and the console call these functions; nobody else writes those columns.
 *
 * Status choices: a paid enrolment (M-Pesa, card or cash at the office) is 'active' with payment
 * 'paid'. A failed, abandoned or overdue payment makes it 'cancelled' with payment 'failed', which
 * frees the seat; money arriving after that buys a free seat back ('active'/'paid') or is given back
 * in full ('cancelled'/'refunded'). The console reviews enrolments nobody decided on ('pending', and
 * 'pending_cash' cash enrolments): approving keeps the seat (a cash fee stays due by its deadline),
 * rejecting frees it. It cancels any unpaid one, and a paid one with the fee given back at the
 * academy's refund rule (online: through the provider, payment-refund-enrollment.service.ts; cash:
 * returned at the office, here); either way 'cancelled', the seat freed, the student told.
 */
import {
  assertEnrollmentMove,
  awaitsCash,
  cancellationRefund,
  cancelRefusal,
  EnrollmentMoveError,
  holdsSeat,
  type CancellationRefund,
  type EnrollmentStatuses,
} from '@ops/shared/domain/enrollment-status';
import { formatKes } from '@ops/shared/money';
import type { Executor, Transaction } from '../../db/client.ts';
import type { AppDeps } from '../../lib/context.ts';
import { isCheckViolation, isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { isOfficeCashPaid, recordCashReturned, recordOfficeCash } from '../payments/payment-lifecycle.service.ts';
// eslint-disable-next-line import-x/no-restricted-paths -- split on its own branch
import { lockPayment } from '../payments/payments.repo.ts';
import { ENROLLMENT_NOTICES, tellStudent } from './enrollment-notices.ts';
import {
  findCohortWithCourse,
  findPaidEnrollmentPayment,
  insertEnrollment,
  lockCohortSeats,
  lockEnrollment,
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

/** The enrolment that would pass the cohort's capacity: the database's check refused it. */
const isCohortFull = (err: unknown) => isCheckViolation(err, 'cohorts_capacity_check');

/** Locks the cohort's row (every seat taker takes it first) and refuses a full cohort: 409 'This cohort is full.' */
async function claimSeat(tx: Executor, cohortId: string): Promise<void> {
  const seats = await lockCohortSeats(tx, cohortId);
  if (!seats) throw AppError.notFound('Cohort not found');
  if (seats.enrolledCount >= seats.capacity) throw AppError.conflict(COHORT_FULL_MESSAGE);
}

/**
 * Checks the move with the machine (a refused one is a 409 with its words), claims a seat when the
 * move needs one, and writes the change (the database recounts the cohort's seats). Throws 409 'This
 * cohort is full.' when a seat is needed and none is left.
 */
async function change(tx: Executor, row: EnrollmentRow, to: EnrollmentStatuses & Extra, now: Date): Promise<void> {
  try {
    assertEnrollmentMove(row, to);
  } catch (err) {
    if (err instanceof EnrollmentMoveError) throw AppError.conflict(err.message);
    throw err;
  }
  if (!holdsSeat(row.status) && holdsSeat(to.status)) await claimSeat(tx, row.cohortId);
  try {
    await writeEnrollmentChange(tx, row.id, to, now);
  } catch (err) {
    if (isCohortFull(err)) throw AppError.conflict(COHORT_FULL_MESSAGE);
    throw err;
  }
  Object.assign(row, to, { updatedAt: now });
}

async function lockOr404(tx: Executor, id: string): Promise<EnrollmentRow> {
  const row = await lockEnrollment(tx, id);
  if (!row) throw AppError.notFound('Enrolment not found');
  return row;
}

/**
 * A new enrolment with its seat, in `tx`: the cohort's row is locked and a full cohort refused (409
 * 'This cohort is full.') before the row is written; the database counts the seat.
 */
export async function createEnrollment(tx: Transaction, row: NewEnrollment, now: Date): Promise<EnrollmentRow> {
  if (!holdsSeat(row.status)) throw new Error(`a new enrolment must hold a seat, not be ${row.status}`);
  await claimSeat(tx, row.cohortId);
  try {
    return await insertEnrollment(tx, row, now);
  } catch (err) {
    if (isCohortFull(err)) throw AppError.conflict(COHORT_FULL_MESSAGE);
    throw err;
  }
}

async function courseTitleOf(db: Executor, row: EnrollmentRow): Promise<string> {
  return (await findCohortWithCourse(db, row.cohortId))?.courseTitle ?? 'the course';
}

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
    const row = await lockOr404(tx, input.enrollmentId);
    const cash = row.status === 'pending_cash' && row.paymentStatus === 'pending_cash';
    if (row.status !== 'pending' && !cash) throw AppError.conflict(NOT_PENDING_MESSAGE);
    const before = { status: row.status, paymentStatus: row.paymentStatus };
    const notes = input.decision === 'approved' ? 'Approved by admin' : `Rejected by admin: ${reason}`;
    // A rejected cash enrolment owes nothing any more (its fee 'failed', as a released one's).
    const paymentStatus = input.decision === 'rejected' && cash ? 'failed' : row.paymentStatus;
    await change(tx, row, { status: input.decision, paymentStatus, notes }, now);
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
    const payment = paid ? await lockPayment(tx, paid.id) : null;
    const row = await lockOr404(tx, input.enrollmentId);
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
    await change(
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

/**
 * The provider took the refund of a fee paid online that an admin cancelled (payment-refund-record.ts,
 * in its transaction, the payment locked): the enrolment is cancelled with its fee refunded, the seat
 * freed, and the student told. False when it can no longer be (it moved on while the provider was
 * asked, completed say): the money still goes back, and the caller logs it for a person.
 */
export async function markEnrollmentFeeRefunded(
  tx: Transaction,
  input: { enrollmentId: string; reason: string; amount: number; of: number; done: boolean },
  now: Date,
): Promise<boolean> {
  const row = await lockEnrollment(tx, input.enrollmentId);
  if (!row || row.status !== 'active' || row.paymentStatus !== 'paid') return false;
  await change(tx, row, { status: 'cancelled', paymentStatus: 'refunded', notes: `Cancelled by admin: ${input.reason}` }, now);
  const title = await courseTitleOf(tx, row);
  await tellStudent(
    tx,
    row.profileId,
    ENROLLMENT_NOTICES.cancelled(title, input.reason, { how: 'provider', amount: input.amount, of: input.of }, input.done ? 'done' : 'on_its_way'),
  );
  return true;
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
    const row = await lockOr404(tx, input.enrollmentId);
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
  const awaiting = (row.status === 'pending_payment' && row.paymentStatus === 'pending') || awaitsCash(row);
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
