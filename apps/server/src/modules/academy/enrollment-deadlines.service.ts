/**
 * Seats that wait for money are not held for ever:
 * - a cash enrolment (approved or not) not paid at the office by its deadline (7 days before the cohort starts, a
 *   Nairobi day) is released by the hourly 'enrollment-cash-deadlines' job once that day is over;
 * - an online (IntaSend) enrolment whose payment is not completed within the hold bookings use
 *   (30 minutes) is released every minute by the enrolment hold sweeper.
 * Each release is its own transaction on a locked row, so running twice (or on two servers) releases
 * once. The student is told on the bell and, for cash, by e-mail. Money arriving after a release
 * buys a free seat back or is refunded (enrollment-payments.ts).
 */
import { awaitsCash } from '@ops/shared/domain/enrollment-status';
import { HOLD_MINUTES } from '@ops/shared/domain/booking-rules';
import { nairobiDate } from '@ops/shared/domain/nairobi-time';
import type { AppDeps } from '../../lib/context.ts';
import { startPeriodic } from '../../lib/periodic.ts';
import { lockEnrollment, RELEASE_REASONS, releaseUnpaidEnrollment } from './enrollment-lifecycle.service.ts';
import { ENROLLMENT_NOTICES, tellStudent } from './enrollment-notices.ts';
import { findCohortWithCourse, findLapsedOnlineEnrollmentIds, findOverdueCashEnrollmentIds } from './enrollments.repo.ts';

type Deps = Pick<AppDeps, 'db' | 'jobs' | 'logger' | 'clock'>;

/** An online enrolment holds its seat this long for its payment, as a booking of a day or less holds its slot. */
export const ENROLLMENT_HOLD_MS = HOLD_MINUTES * 60_000;
export const ENROLLMENT_HOLD_SWEEP_MS = 60_000;
/** The cash deadline job is queued this often. */
export const CASH_DEADLINE_INTERVAL_MS = 3600_000;

/** Releases every cash enrolment whose deadline has passed (Nairobi day); returns their ids. */
export async function releaseOverdueCashEnrollments(deps: Deps): Promise<string[]> {
  const now = deps.clock();
  const released: string[] = [];
  for (const id of await findOverdueCashEnrollmentIds(deps.db, nairobiDate(now))) {
    const done = await deps.db.transaction(async (tx) => {
      const row = await lockEnrollment(tx, id);
      if (!row || !awaitsCash(row)) return false;
      const deadline = row.paymentDeadline ?? '';
      if (!(await releaseUnpaidEnrollment(tx, row, RELEASE_REASONS.cashDeadline, now))) return false;
      const title = (await findCohortWithCourse(tx, row.cohortId))?.courseTitle ?? 'your course';
      await tellStudent(tx, row.profileId, ENROLLMENT_NOTICES.cashDeadlinePassed(title, deadline));
      await deps.jobs.enqueue('send-enrollment-email', { enrollmentId: id, kind: 'released' }, { tx });
      return true;
    });
    if (done) released.push(id);
  }
  if (released.length > 0) deps.logger.info({ enrollments: released }, 'unpaid cash enrolments released after their deadline');
  return released;
}

/** Releases every online enrolment whose payment did not complete within the hold; returns their ids. */
export async function releaseLapsedEnrollmentHolds(deps: Deps): Promise<string[]> {
  const now = deps.clock();
  const released: string[] = [];
  for (const id of await findLapsedOnlineEnrollmentIds(deps.db, new Date(now.getTime() - ENROLLMENT_HOLD_MS))) {
    const done = await deps.db.transaction(async (tx) => {
      const row = await lockEnrollment(tx, id);
      if (!row || row.status !== 'pending_payment') return false;
      if (!(await releaseUnpaidEnrollment(tx, row, RELEASE_REASONS.holdLapsed, now))) return false;
      const title = (await findCohortWithCourse(tx, row.cohortId))?.courseTitle ?? 'your course';
      await tellStudent(tx, row.profileId, ENROLLMENT_NOTICES.holdLapsed(title));
      return true;
    });
    if (done) released.push(id);
  }
  if (released.length > 0) deps.logger.info({ enrollments: released }, 'unpaid online enrolments released after their hold');
  return released;
}

/** While the server runs: lapsed online holds every minute, and the cash deadline job queued hourly. */
export function startEnrollmentSweepers(deps: Deps) {
  const holds = startPeriodic('releasing lapsed enrolment holds', () => releaseLapsedEnrollmentHolds(deps), ENROLLMENT_HOLD_SWEEP_MS, deps.logger);
  const cash = startPeriodic(
    'queueing the enrolment cash deadline check',
    () => deps.jobs.enqueue('enrollment-cash-deadlines', {}),
    CASH_DEADLINE_INTERVAL_MS,
    deps.logger,
  );
  return {
    async stop() {
      await holds.stop();
      await cash.stop();
    },
  };
}
