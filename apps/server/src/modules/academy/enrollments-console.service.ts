/**
 * The console's enrolments table and its moves (approve or reject, cancel with the academy's refund,
 * cash taken at the office): each move goes through the enrolment lifecycle or the payment service,
 * and answers with the row as the table shows it.
 */
import type {
  AdminEnrollmentListParams,
  AdminEnrollmentPage,
  AdminEnrollmentRow,
  EnrollmentCancelResult,
  EnrollmentReviewValues,
} from '@ops/shared/schemas/admin-enrollments';
import type { Executor } from '../../db/client.ts';
import { readAdminPage } from '../../lib/admin-list.ts';
import type { ConsoleActionContext } from '../../lib/console-action.ts';
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { PaymentDeps } from '../payments/payment-common.ts';
import { refundEnrollmentFee } from '../payments/payment-refund-enrollment.service.ts';
import { cancelEnrollment, markCashEnrollmentPaid, reviewEnrollment } from './enrollment-decisions.service.ts';
import { findEnrollmentPage, findEnrollmentRecord, type EnrollmentRecord } from './enrollments-console.repo.ts';

type TrainingDeps = Pick<AppDeps, 'db' | 'jobs' | 'logger' | 'clock' | 'files'>;

const notFound = (what: string) => AppError.notFound(`${what} not found`);

export function toEnrollmentRow(row: EnrollmentRecord): AdminEnrollmentRow {
  return {
    id: row.id,
    profileId: row.profileId,
    studentName: row.studentName,
    phone: row.profilePhone ?? row.paymentPhone,
    courseId: row.courseId,
    courseTitle: row.courseTitle,
    cohortId: row.cohortId,
    cohortStartDate: row.cohortStartDate,
    paymentMethod: row.paymentMethod,
    coursePrice: row.coursePrice,
    paymentStatus: row.paymentStatus,
    status: row.status,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    refundRequested: row.refundRequested,
  };
}

export function listEnrollments(db: Executor, params: AdminEnrollmentListParams): Promise<AdminEnrollmentPage> {
  const { rows, total } = findEnrollmentPage(db, params);
  return readAdminPage(params, rows, total, toEnrollmentRow);
}

async function readEnrollment(db: Executor, id: string): Promise<AdminEnrollmentRow> {
  const row = await findEnrollmentRecord(db, id);
  if (!row) throw notFound('Enrolment');
  return toEnrollmentRow(row);
}

export async function reviewEnrollmentFromConsole(
  deps: TrainingDeps,
  ctx: ConsoleActionContext,
  enrollmentId: string,
  review: EnrollmentReviewValues,
): Promise<AdminEnrollmentRow> {
  await reviewEnrollment(deps, {
    enrollmentId,
    decision: review.decision,
    reason: review.decision === 'rejected' ? review.reason : null,
    actor: ctx.actor,
  });
  return readEnrollment(deps.db, enrollmentId);
}

/**
 * Cancels an enrolment with the admin's reason. A fee paid online goes back through the payment
 * service first (its acceptance cancels the enrolment; no answer yet: 'unconfirmed', the claim kept);
 * anything else is cancelled here, a cash fee returned at the office.
 */
export async function cancelEnrollmentFromConsole(
  deps: PaymentDeps,
  ctx: ConsoleActionContext,
  enrollmentId: string,
  reason: string,
): Promise<EnrollmentCancelResult> {
  const current = await findEnrollmentRecord(deps.db, enrollmentId);
  if (!current) throw notFound('Enrolment');
  if (current.paymentMethod !== 'cash' && current.paymentStatus === 'paid') {
    const refund = await refundEnrollmentFee(deps, { enrollmentId, reason, actor: ctx.actor });
    return {
      enrollment: await readEnrollment(deps.db, enrollmentId),
      refund: { how: 'provider', amount: refund.amount, of: refund.of, outcome: refund.outcome },
    };
  }
  const { refund } = await cancelEnrollment(deps, { enrollmentId, reason, actor: ctx.actor });
  return {
    enrollment: await readEnrollment(deps.db, enrollmentId),
    refund: refund.how === 'none' ? refund : { ...refund, outcome: 'accepted' },
  };
}

export async function markCashPaidFromConsole(
  deps: TrainingDeps,
  ctx: ConsoleActionContext,
  enrollmentId: string,
  receiptNumber: string,
): Promise<AdminEnrollmentRow> {
  await markCashEnrollmentPaid(deps, { enrollmentId, receiptNumber, actor: ctx.actor });
  return readEnrollment(deps.db, enrollmentId);
}
