/**
 * On which days a cohort's attendance may be recorded: a day of the cohort (from its start to its
 * end, both included) that has come, today in Africa/Nairobi included. A day before the start or
 * after the end is no session of the cohort, and a day still to come cannot have been attended;
 * either would count in the student's rate and could cost a certificate.
 *
 * Once a certificate of the cohort has been issued, its attendance is evidence behind that
 * certificate: a change needs a written reason, kept in the audit trail.
 */
import { dayText } from './date-text.ts';

export interface CohortDays {
  /** 'YYYY-MM-DD', Nairobi calendar days. */
  startDate: string;
  endDate: string;
}

export const ATTENDANCE_DAY_MESSAGES = {
  outsideCohort: (cohort: CohortDays) => `Choose a day of this cohort, from ${dayText(cohort.startDate)} to ${dayText(cohort.endDate)}.`,
  notYet: (day: string) => `${dayText(day)} has not come yet: attendance is recorded on the day or after it.`,
  reasonRequired: 'Certificates of this cohort have been issued: give the reason for changing its attendance.',
} as const;

/**
 * The days attendance may be recorded for now: from the cohort's start to its end or today,
 * whichever comes first; null while the cohort has not started.
 */
export function attendanceDaysOf(cohort: CohortDays, today: string): { first: string; last: string } | null {
  const last = cohort.endDate < today ? cohort.endDate : today;
  return last < cohort.startDate ? null : { first: cohort.startDate, last };
}

/** Why attendance cannot be recorded on `day` (ISO dates compare as text), or null when it can. */
export function attendanceDayProblem(day: string, cohort: CohortDays, today: string): string | null {
  if (day < cohort.startDate || day > cohort.endDate) return ATTENDANCE_DAY_MESSAGES.outsideCohort(cohort);
  if (day > today) return ATTENDANCE_DAY_MESSAGES.notYet(day);
  return null;
}

/** Whether a change of the cohort's attendance must carry a reason: once any of its certificates was issued. */
export const attendanceChangeNeedsReason = (certificatesIssued: number): boolean => certificatesIssued > 0;
