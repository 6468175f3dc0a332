/**
 * The accrediting partner's audit of a cohort: what it may be and when. An audit vouches for a
 * cohort as it ran (its instructors, its facilities, its attendance and grading), so it can only
 * be given once the cohort has started, and only once. "Started" is read in Africa/Nairobi by the
 * app's clock: the cohort's first day has come. The audit date printed on a co-branded certificate
 * is therefore never before the cohort's first day (the cohorts table checks the same).
 */
import { nairobiDate } from './nairobi-time.ts';

export const AUDIT_NOTES_MAX = 1000;

export interface AuditableCohort {
  /** The cohort's first day, 'YYYY-MM-DD' (a Nairobi calendar day). */
  startDate: string;
  audited: boolean;
}

export type CohortAuditRefusal = { code: 'already_audited'; message: string } | { code: 'not_started'; message: string };

export const ALREADY_AUDITED_MESSAGE = 'This cohort has already been audited.';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** 'YYYY-MM-DD' → 'MMM dd, yyyy', as the site shows days. */
function showDay(date: string): string {
  const [year, month, day] = date.split('-');
  return `${MONTHS[Number(month) - 1] ?? month} ${day}, ${year}`;
}

export const notStartedMessage = (startDate: string): string => `This cohort starts on ${showDay(startDate)}. It can be audited once it has started.`;

/** True once the cohort's first day has come, on `today` (a Nairobi calendar day). */
export const cohortHasStarted = (startDate: string, today: string): boolean => startDate <= today;

/** Why the partner may not audit the cohort now, or null when they may. */
export function cohortAuditRefusal(cohort: AuditableCohort, today: string): CohortAuditRefusal | null {
  if (cohort.audited) return { code: 'already_audited', message: ALREADY_AUDITED_MESSAGE };
  if (!cohortHasStarted(cohort.startDate, today)) return { code: 'not_started', message: notStartedMessage(cohort.startDate) };
  return null;
}

/** True when an audit given at `auditedAt` falls on or after the cohort's first day (Nairobi). */
export const auditDateFitsCohort = (auditedAt: Date, startDate: string): boolean => cohortHasStarted(startDate, nairobiDate(auditedAt));

export const auditedStartMessage = (auditedAt: Date): string =>
  `This cohort was audited on ${showDay(nairobiDate(auditedAt))}; it cannot start later than that.`;
