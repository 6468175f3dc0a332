/**
 * Dates in the words the product shows them ('MMM dd, yyyy', as the console's tables), for the
 * messages the server writes: a reason the office reads in a toast must not say '2026-11-18'.
 * Nairobi keeps UTC+3 all year, so no time-zone data is needed (nairobi-time.ts).
 */
import { NAIROBI_UTC_OFFSET_MINUTES, nairobiDate } from './nairobi-time.ts';

const DAY_MINUTES = 24 * 60;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A Nairobi calendar day 'YYYY-MM-DD' as 'MMM dd, yyyy': '2026-11-18' → 'Nov 18, 2026'. */
export function dayText(day: string): string {
  const [year, month, date] = day.split('-');
  return `${MONTHS[Number(month) - 1] ?? month} ${date}, ${year}`;
}

/** An instant as it reads in Nairobi, 'MMM dd, yyyy HH:mm': 2026-12-09T12:00Z → 'Dec 09, 2026 15:00'. */
export function nairobiDateTimeText(instant: Date): string {
  const minutes = Math.floor(instant.getTime() / 60_000) + NAIROBI_UTC_OFFSET_MINUTES;
  const wall = ((minutes % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  const hh = String(Math.floor(wall / 60)).padStart(2, '0');
  const mm = String(wall % 60).padStart(2, '0');
  return `${dayText(nairobiDate(instant))} ${hh}:${mm}`;
}
