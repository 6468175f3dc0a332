import { formatDistanceToNow } from 'date-fns';

/** The business time zone: every date and time is shown as it reads in Nairobi, whatever the browser's zone. */
export const BUSINESS_TIME_ZONE = 'Africa/Nairobi';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

const timeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
});

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/** '2026-11-22T22:30:00Z' → 'Nov 23, 2026' (already the 23rd in Nairobi). */
export function formatDate(value: string | Date): string {
  return dateFormat.format(toDate(value));
}

/** '2026-11-22T06:00:00Z' → 'Sun, Nov 22, 2026, 9:00 AM'. */
export function formatDateTime(value: string | Date): string {
  return dateTimeFormat.format(toDate(value));
}

/** '2026-11-22T06:00:00Z' → '9:00 AM'. */
export function formatTime(value: string | Date): string {
  return timeFormat.format(toDate(value));
}

/** '5 minutes ago': a distance, so the same in every time zone. */
export function formatRelativeTime(value: string | Date, now: Date = new Date()): string {
  const date = toDate(value);
  if (date.getTime() > now.getTime()) return 'just now';
  return formatDistanceToNow(date, { addSuffix: true });
}
