/**
 * The one owner of an enrolment's status and payment status. Every change goes through the shared
 * status machine (@ops/shared/domain/enrollment-status) on a row locked in the caller's transaction.
 * A cohort's enrolled_count is kept by the database (migration 0032: recounted from the seat-holding
 * enrolments by triggers); a move that needs a seat locks the cohort's row first and refuses a full
 * cohort, and the capacity check refuses the rest of any race. Enrolling, payments, the deadline job
 * and the console's decisions (enrollment-decisions.service.ts) call these functions; nobody else
 * writes those columns.
 *
 * Status choices: a paid enrolment (M-Pesa, card or cash at the office) is 'active' with payment
 * 'paid'. A failed, abandoned or overdue payment makes it 'cancelled' with payment 'failed', which
 * frees the seat; money arriving after that buys a free seat back ('active'/'paid') or is given back
 * in full ('cancelled'/'refunded').
 */
import { assertEnrollmentMove, awaitsCash, EnrollmentMoveError, holdsSeat, type EnrollmentStatuses } from '@ops/shared/domain/enrollment-status';
import type { Executor, Transaction } from '../../db/client.ts';
import type { AppDeps } from '../../lib/context.ts';
import { isCheckViolation, isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { ENROLLMENT_NOTICES, tellStudent } from './enrollment-notices.ts';
import {
  findCohortWithCourse,
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

export interface Extra {
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
 * cohort is full.' when a seat is needed and none is left. The one place an enrolment's statuses
 * are written: the named moves below and the console's decisions all come through here.
 */
export async function moveEnrollment(tx: Executor, row: EnrollmentRow, to: EnrollmentStatuses & Extra, now: Date): Promise<void> {
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

export async function lockEnrollmentOr404(tx: Executor, id: string): Promise<EnrollmentRow> {
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

export async function courseTitleOf(db: Executor, row: EnrollmentRow): Promise<string> {
  return (await findCohortWithCourse(db, row.cohortId))?.courseTitle ?? 'the course';
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
  await moveEnrollment(tx, row, { status: 'cancelled', paymentStatus: 'refunded', notes: `Cancelled by admin: ${input.reason}` }, now);
  const title = await courseTitleOf(tx, row);
  await tellStudent(
    tx,
    row.profileId,
    ENROLLMENT_NOTICES.cancelled(title, input.reason, { how: 'provider', amount: input.amount, of: input.of }, input.done ? 'done' : 'on_its_way'),
  );
  return true;
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
    await moveEnrollment(tx, row, to, now);
    return true;
  }
  if (row.status !== 'cancelled' || row.paymentStatus !== 'failed') return false;
  try {
    await tx.transaction(async (savepoint) => {
      await moveEnrollment(savepoint, { ...row }, to, now);
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
  await moveEnrollment(tx, row, { status: 'cancelled', paymentStatus: 'failed', notes: reason }, now);
  return true;
}

/** Money came for a released enrolment that cannot take it and goes back in full: payment refunded. */
export async function markEnrollmentLateMoneyReturned(tx: Executor, row: EnrollmentRow, now: Date): Promise<boolean> {
  if (row.status !== 'cancelled' || row.paymentStatus !== 'failed') return false;
  await moveEnrollment(tx, row, { status: 'cancelled', paymentStatus: 'refunded' }, now);
  return true;
}
