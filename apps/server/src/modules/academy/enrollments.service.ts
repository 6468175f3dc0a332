/**
 * Enrolling in a cohort and following the enrolment. The fee is the course's price in the database;
 * the seat is taken by one conditional update in the transaction that writes the enrolment (and,
 * for IntaSend, the payment attempt with its first re-check), so a cohort never takes more students
 * than its capacity however many ask at once. The attempt is then started through the same provider
 * path as a booking's payment (payments/payment-start.service.ts).
 *
 * Open for enrolment: a published course's cohort that is 'upcoming' or 'open' (not 'ongoing' or
 * 'completed') and starts after today (Nairobi). Cash needs the deadline (start − 7 days) not to
 * have passed: a cohort starting within a week can only be paid online.
 */
import { randomUUID } from 'node:crypto';
import { cashPaymentDeadline, cashPaymentOpen } from '@ops/shared/domain/enrollment-status';
import { nairobiDate } from '@ops/shared/domain/nairobi-time';
import { IN_FLIGHT_PAYMENT_STATUSES } from '@ops/shared/domain/payment-status';
import type { EnrollmentDto, EnrollmentNextStep } from '@ops/shared/schemas/enrollments';
import type { CurrentUser, Viewer } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { PaymentProviderError } from '../../providers/payments/payment-provider.ts';
import { scheduleRecheck, type PaymentDeps, type PaymentRow } from '../payments/payment-common.ts';
import { settlePayment } from '../payments/payment-settle.service.ts';
import { sendToProvider } from '../payments/payment-start.service.ts';
import { storeAttempt } from '../payments/payment-lifecycle.service.ts';
import { askProviderAbout } from '../payments/payment-status.service.ts';
import { createEnrollment } from './enrollment-lifecycle.service.ts';
import { closeEnrollmentAttempt } from './enrollment-payments.ts';
import { ENROLLMENT_NOTICES, tellStudent } from './enrollment-notices.ts';
import {
  findCohortWithCourse,
  findEnrollmentView,
  findLatestEnrollmentPayment,
  findSeatHoldingEnrollment,
  type CohortWithCourse,
  type EnrollmentView,
} from './enrollments.repo.ts';

export const ALREADY_ENROLLED_MESSAGE = 'You are already enrolled in this cohort.';
export const NOT_OPEN_MESSAGE = 'This cohort is no longer open for enrollment.';
export const CASH_TOO_LATE_MESSAGE = 'Cash payment is no longer possible: this cohort starts within 7 days. Please pay with IntaSend.';

export interface EnrollInput {
  cohortId: string;
  paymentMethod: 'intasend' | 'cash';
  phoneNumber: string | null;
}

const inFlight = (p: PaymentRow | undefined) => p !== undefined && (IN_FLIGHT_PAYMENT_STATUSES as readonly string[]).includes(p.status);

function nextStep(view: EnrollmentView, payment: PaymentRow | undefined): EnrollmentNextStep {
  if (view.enrollment.status !== 'pending_payment' || !inFlight(payment)) return { kind: 'none' };
  if (payment?.checkoutUrl) return { kind: 'checkout', url: payment.checkoutUrl };
  return payment?.method === 'mpesa' ? { kind: 'check_phone' } : { kind: 'none' };
}

export function toEnrollmentDto(view: EnrollmentView, payment: PaymentRow | undefined): EnrollmentDto {
  const e = view.enrollment;
  return {
    id: e.id,
    courseId: e.courseId,
    courseTitle: view.courseTitle,
    cohortId: e.cohortId,
    cohortStartDate: view.cohortStartDate,
    coursePrice: e.coursePrice,
    paymentMethod: e.paymentMethod,
    status: e.status,
    paymentStatus: e.paymentStatus,
    paymentDeadline: e.paymentDeadline,
    transactionId: e.transactionId,
    createdAt: e.createdAt.toISOString(),
    payment: payment
      ? {
          id: payment.id,
          status: payment.status,
          amount: payment.amount,
          checkoutUrl: payment.checkoutUrl,
          failureReason: payment.failureReason,
          refundedAmount: payment.refundedAmount,
        }
      : null,
    next: nextStep(view, payment),
  };
}

async function dtoOf(deps: PaymentDeps, id: string): Promise<EnrollmentDto> {
  const view = await findEnrollmentView(deps.db, id);
  if (!view) throw new Error(`enrolment ${id} vanished`);
  return toEnrollmentDto(view, await findLatestEnrollmentPayment(deps.db, id));
}

function assertOpen(cohort: CohortWithCourse | undefined, today: string): asserts cohort is CohortWithCourse {
  if (!cohort || !cohort.published) throw AppError.notFound('Cohort not found');
  if (cohort.status === 'ongoing' || cohort.status === 'completed' || cohort.startDate <= today) throw AppError.conflict(NOT_OPEN_MESSAGE);
}

/** POST /api/enrollments: the enrolment, its seat and (IntaSend) its payment under way. */
export async function enroll(deps: PaymentDeps, user: CurrentUser, input: EnrollInput): Promise<EnrollmentDto> {
  const now = deps.clock();
  const today = nairobiDate(now);
  const cohort = await findCohortWithCourse(deps.db, input.cohortId);
  assertOpen(cohort, today);
  const cash = input.paymentMethod === 'cash';
  // The enrolment dialog does not offer cash for such a cohort (the same shared rule).
  if (cash && !cashPaymentOpen(cohort.startDate, today)) throw AppError.conflict(CASH_TOO_LATE_MESSAGE, { paymentMethod: CASH_TOO_LATE_MESSAGE });
  const deadline = cash ? cashPaymentDeadline(cohort.startDate) : null;
  if (!cash && cohort.price <= 0) throw AppError.conflict('This course has no fee to pay online. Please choose cash.');

  const id = randomUUID();
  let payment: PaymentRow | null = null;
  try {
    payment = await deps.db.transaction(async (tx) => {
      if (await findSeatHoldingEnrollment(tx, user.profileId, cohort.cohortId)) throw AppError.conflict(ALREADY_ENROLLED_MESSAGE);
      const row = await createEnrollment(
        tx,
        {
          id,
          profileId: user.profileId,
          courseId: cohort.courseId,
          cohortId: cohort.cohortId,
          coursePrice: cohort.price,
          paymentMethod: input.paymentMethod,
          phoneNumber: input.phoneNumber,
          status: cash ? 'pending_cash' : 'pending_payment',
          paymentStatus: cash ? 'pending_cash' : 'pending',
          paymentDeadline: deadline,
          apiRef: cash ? null : `enrollment-${id}`,
        },
        now,
      );
      if (cash) {
        await tellStudent(tx, user.profileId, ENROLLMENT_NOTICES.cashCreated(cohort.courseTitle, deadline ?? ''));
        await deps.jobs.enqueue('send-enrollment-email', { enrollmentId: row.id, kind: 'cash_confirmation' }, { tx });
        return null;
      }
      const attempt = await storeAttempt(tx, {
        enrollmentId: row.id,
        payerProfileId: user.profileId,
        provider: deps.payments.kind,
        method: 'mpesa',
        amount: cohort.price,
        currency: 'KES',
        apiRef: `enrollment-${id}`,
        phone: input.phoneNumber,
        createdAt: now,
        updatedAt: now,
      });
      // Stored with the attempt: if this server dies before the provider answers, the re-check still comes.
      await scheduleRecheck(deps, attempt.id, 0, tx);
      return attempt;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'enrollments_profile_cohort_active_key')) throw AppError.conflict(ALREADY_ENROLLED_MESSAGE);
    throw err;
  }

  if (payment) {
    // A refusal releases the seat at once and answers 502 with the provider's words; a start whose
    // answer never came stays pending (the prompt may be ringing) and is settled like any other.
    await sendToProvider(
      deps,
      payment,
      {
        method: 'mpesa',
        phone: input.phoneNumber,
        email: user.email,
        payerProfileId: user.profileId,
        narrative: `Course fee: ${cohort.courseTitle}`,
        redirectUrl: `${deps.config.appUrl.replace(/\/+$/, '')}/student-dashboard?enrollment=${id}`,
      },
      (tx, at) => closeEnrollmentAttempt(tx, id, at, false),
    );
  }
  deps.logger.info({ enrollmentId: id, cohortId: cohort.cohortId, method: input.paymentMethod }, 'enrolment created');
  return dtoOf(deps, id);
}

/**
 * GET /api/enrollments/:id: only its owner sees it (anyone else: 404). While its payment is in
 * flight the provider is asked and the answer settled, so a waiting dialog sees the money arrive
 * even when webhooks are late.
 */
export async function getEnrollment(deps: PaymentDeps, viewer: Viewer, id: string): Promise<EnrollmentDto> {
  const view = await findEnrollmentView(deps.db, id);
  if (view?.enrollment.profileId !== viewer.profileId) throw AppError.notFound('Enrolment not found');
  const payment = await findLatestEnrollmentPayment(deps.db, id);
  if (payment && inFlight(payment)) {
    try {
      const status = await askProviderAbout(deps, payment);
      if (status) await settlePayment(deps, payment.id, status);
    } catch (err) {
      const detail = err instanceof PaymentProviderError ? err.detail : undefined;
      deps.logger.warn({ err, detail, paymentId: payment.id }, 'enrolment payment status check failed; will ask again');
    }
  }
  return dtoOf(deps, id);
}
