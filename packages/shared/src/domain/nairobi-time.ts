/**
 * Calendar dates and wall-clock times in Africa/Nairobi.
 *
 * Kenya keeps East Africa Time all year: UTC+3 with no daylight saving (and none since 1942), so a
 * fixed +03:00 offset gives the same answers as the IANA zone without depending on the runtime's
 * time-zone data or the browser's own zone.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** Africa/Nairobi is UTC+3 all year (no daylight saving). */
export const NAIROBI_UTC_OFFSET_MINUTES = 180;
const OFFSET_MS = NAIROBI_UTC_OFFSET_MINUTES * MINUTE_MS;

/** '+03:00' for 180: the offset as ISO 8601 writes it after a local time. */
function offsetText(minutes: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** Nairobi's offset as written in a timestamp ('2026-03-01T00:00:00+03:00'). */
export const NAIROBI_UTC_OFFSET = offsetText(NAIROBI_UTC_OFFSET_MINUTES);

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Days since 1970-01-01 of a real calendar date 'YYYY-MM-DD', or null (2026-02-30 is not one). */
function dayNumber(date: string): number | null {
  const m = ISO_DATE.exec(date);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const utc = Date.UTC(year, month - 1, day);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return utc / DAY_MS;
}

function requireDayNumber(date: string): number {
  const n = dayNumber(date);
  if (n === null) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${JSON.stringify(date)}`);
  return n;
}

function requireMinutes(time: string): number {
  const m = TIME_OF_DAY.exec(time);
  if (!m) throw new RangeError(`Not a time of day (HH:mm): ${JSON.stringify(time)}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

function requireInstant(instant: Date): number {
  const ms = instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError('Invalid date');
  return ms;
}

/** True for a real calendar date written 'YYYY-MM-DD'. */
export const isIsoDate = (value: string): boolean => dayNumber(value) !== null;

/** True for a 24-hour time 'HH:mm' from 00:00 to 23:59. */
export const isTimeOfDay = (value: string): boolean => TIME_OF_DAY.test(value);

/** Minutes after midnight of 'HH:mm' (RangeError when malformed). */
export const minutesOfDay = (time: string): number => requireMinutes(time);

/** The instant of a Nairobi calendar date at a Nairobi wall-clock time: ('2026-03-01', '09:00') → 06:00Z. */
export function nairobiInstant(date: string, time: string): Date {
  return new Date(requireDayNumber(date) * DAY_MS + requireMinutes(time) * MINUTE_MS - OFFSET_MS);
}

/** The Nairobi calendar date of an instant: 2026-02-28T22:30Z → '2026-03-01'. */
export function nairobiDate(instant: Date): string {
  return new Date(requireInstant(instant) + OFFSET_MS).toISOString().slice(0, 10);
}

/** The Nairobi wall-clock time of an instant, 'HH:mm': 2026-02-28T22:30Z → '01:30'. */
export function nairobiTimeOfDay(instant: Date): string {
  return new Date(requireInstant(instant) + OFFSET_MS).toISOString().slice(11, 16);
}

/** A calendar date `days` later (or earlier when negative): ('2026-01-31', 1) → '2026-02-01'. */
export function addDaysToDate(date: string, days: number): string {
  if (!Number.isSafeInteger(days)) throw new RangeError(`Days must be a whole number: ${days}`);
  return new Date((requireDayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return requireDayNumber(to) - requireDayNumber(from);
}

/** Days from `start` to `end`, both counted: the same day is 1 day. RangeError when end precedes start. */
export function inclusiveDays(start: string, end: string): number {
  const days = daysBetween(start, end) + 1;
  if (days < 1) throw new RangeError(`The end date ${end} is before the start date ${start}`);
  return days;
}

export function addHoursToInstant(instant: Date, hours: number): Date {
  return new Date(requireInstant(instant) + hours * HOUR_MS);
}
