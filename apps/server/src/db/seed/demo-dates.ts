/**
 * Date helpers for the demo data. Everything is relative to the `now` the seed is given, and
 * calendar days are Nairobi days (UTC+3, no daylight saving).
 */
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const NAIROBI_OFFSET_MS = 3 * HOUR_MS;

export const addMinutes = (date: Date, minutes: number): Date => new Date(date.getTime() + minutes * 60_000);
export const addHours = (date: Date, hours: number): Date => new Date(date.getTime() + hours * HOUR_MS);
export const addDays = (date: Date, days: number): Date => new Date(date.getTime() + days * DAY_MS);

/** The instant at `hour`:00 Nairobi time on the Nairobi day `days` after today. */
export function nairobiAt(now: Date, days: number, hour: number): Date {
  const local = new Date(now.getTime() + NAIROBI_OFFSET_MS);
  const utc = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + days, hour);
  return new Date(utc - NAIROBI_OFFSET_MS);
}

/** The Nairobi calendar day of an instant, as a `date` column takes it ('YYYY-MM-DD'). */
export function isoDate(date: Date): string {
  return new Date(date.getTime() + NAIROBI_OFFSET_MS).toISOString().slice(0, 10);
}

/** How many days after today the Monday of the week `weeks` from now falls (0 = this week's Monday). */
export function mondayOffset(now: Date, weeks: number): number {
  const weekday = new Date(now.getTime() + NAIROBI_OFFSET_MS).getUTCDay(); // 0 = Sunday
  const daysSinceMonday = (weekday + 6) % 7;
  return weeks * 7 - daysSinceMonday;
}
