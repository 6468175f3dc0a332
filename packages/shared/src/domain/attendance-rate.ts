import type { ATTENDANCE_STATUSES } from '../constants.ts';

export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

/**
 * A student's attendance over the sessions recorded for them: present and late count as attended,
 * absent counts against, and an excused session is left out altogether (it neither helps nor
 * hurts). `rate` is a whole percentage, or null when nothing countable has been recorded yet.
 * The console shows it and the certificate rule compares it with its threshold.
 */
export interface AttendanceRate {
  attended: number;
  /** Sessions that count: present, late and absent (not excused). */
  counted: number;
  rate: number | null;
}

export function attendanceRate(statuses: readonly AttendanceStatus[]): AttendanceRate {
  let attended = 0;
  let counted = 0;
  for (const status of statuses) {
    if (status === 'excused') continue;
    counted += 1;
    if (status === 'present' || status === 'late') attended += 1;
  }
  return { attended, counted, rate: counted === 0 ? null : Math.round((attended / counted) * 100) };
}

/** '75%', or '—' while nothing countable is recorded. */
export const attendanceRateLabel = (rate: AttendanceRate): string => (rate.rate === null ? '—' : `${rate.rate}%`);
