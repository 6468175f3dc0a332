import { BUSINESS_TIME_ZONE } from '@/lib/format-date.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A Nairobi calendar day 'YYYY-MM-DD' as 'MMM dd, yyyy' ('2027-03-09' → 'Mar 09, 2027'). */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${MONTHS[Number(month) - 1] ?? month} ${date}, ${year}`;
}

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: 'short',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as it reads in Nairobi, 'MMM dd, yyyy HH:mm' ('2026-11-25T19:05:00Z' → 'Nov 25, 2026 22:05'). */
export function formatNairobiDateTime(value: string | Date): string {
  const parts = Object.fromEntries(partsFormat.formatToParts(new Date(value)).map((p) => [p.type, p.value]));
  return `${parts.month} ${parts.day}, ${parts.year} ${parts.hour}:${parts.minute}`;
}
