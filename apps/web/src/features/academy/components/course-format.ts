const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A Nairobi calendar day 'YYYY-MM-DD' as 'MMM dd, yyyy' ('2027-03-09' → 'Mar 09, 2027'), whatever the browser's zone. */
export function formatCourseDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${MONTHS[Number(month) - 1] ?? month} ${date}, ${year}`;
}

export const weeksText = (weeks: number): string => (weeks === 1 ? '1 week' : `${weeks} weeks`);

/** 'Only N spots left' is for open cohorts with fewer than this many seats remaining. */
export const FEW_SPOTS_LEFT = 10;
export const OPEN_FOR_ENROLLMENT = 'Open for Enrollment';

/** The warning under an upcoming cohort, or null when the specification shows none. */
export function spotsLeftWarning(cohort: { statusLabel: string; spotsLeft: number }): string | null {
  if (cohort.statusLabel !== OPEN_FOR_ENROLLMENT || cohort.spotsLeft >= FEW_SPOTS_LEFT) return null;
  return `Only ${cohort.spotsLeft} ${cohort.spotsLeft === 1 ? 'spot' : 'spots'} left`;
}
