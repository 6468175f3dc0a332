import { daysBetween, nairobiDate } from '@ops/shared/domain/nairobi-time';

// A 'YYYY-MM-DD' day read as UTC midnight keeps its date whatever the browser's zone.
const asDate = (day: string) => new Date(`${day}T00:00:00Z`);
const shortDay = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });

/** '2026-11-23' → 'Nov 23' */
export const formatShortDay = (day: string): string => shortDay.format(asDate(day));

/** Days from today in Nairobi to `day` (negative once past). */
export const daysUntil = (day: string, now: Date = new Date()): number => daysBetween(nairobiDate(now), day);
