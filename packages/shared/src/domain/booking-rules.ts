/**
 * Booking validation (docs: DECISIONS.md, Bookings; spec §5). The server runs these on every
 * request (through schemas/booking-input.ts) and the forms run the same ones to show the same
 * messages next to the same fields. Pure: `now` and the settings come in as options.
 *
 * The rules take the fields loosely typed (blank strings, NaN from a number box, unknown values)
 * and answer with field errors, or with the booking narrowed to its types plus its schedule. The
 * wizard's rules are in wizard-booking-rules.ts, the single-page form's in form-booking-rules.ts;
 * here the limits, the messages and the field checks both use.
 */
import type { BOOKING_TYPES, FORM_AREAS, SHIFT_TYPES, WIZARD_AREAS } from '../constants.ts';
import { daysBetween, isIsoDate, isTimeOfDay, nairobiDate } from './nairobi-time.ts';

export const GUARDS_MIN = 1;
export const GUARDS_MAX = 20;
export const HOURLY_MIN_HOURS = 6;
export const HOURLY_MAX_HOURS = 24;
/**
 * The most days a daily booking covers (both dates counted). With the advance limit on the start,
 * this bounds how far ahead a booking can hold a guard's calendar: a monthly booking is 30 days,
 * an hourly one at most 24 hours.
 */
export const DAILY_MAX_DAYS = 31;
/**
 * The most unpaid holds one client keeps at once (pending bookings whose hold is still running).
 * The database enforces it (migrations 0010, 0027 and 0042, trigger bookings_cap_unpaid_holds).
 */
export const UNPAID_HOLDS_MAX = 3;

/**
 * How long a new, unpaid booking holds its guard's time for its payment (decision 031). An
 * academy enrolment holds its seat as long.
 */
export const HOLD_MINUTES = 30;
/**
 * A long booking's unpaid hold: enough for an M-Pesa prompt or a card payment, not enough to keep a
 * guard's month from everyone else while the client thinks it over.
 */
export const LONG_HOLD_MINUTES = 10;
/**
 * A booking is long when it holds its guard for more than this, from its start to its end (what the
 * overlap constraint keeps from other clients): a daily booking of two days or more, or day or night
 * shifts over two days or more. An hourly booking (24 hours at most) or a single day is not.
 */
export const LONG_BOOKING_HOURS = 24;
/**
 * The most unpaid long holds one client keeps at once, besides the cap on all holds. The database
 * enforces it (migration 0042, trigger bookings_cap_unpaid_holds, 'bookings_client_unpaid_long_hold').
 */
export const UNPAID_LONG_HOLDS_MAX = 1;

/** Whether a booking holding its guard for `hours` (start to end) is long. */
export function isLongBooking(hours: number): boolean {
  if (!Number.isFinite(hours) || hours <= 0) throw new RangeError(`a booking lasts a positive number of hours: ${hours}`);
  return hours > LONG_BOOKING_HOURS;
}

/** Minutes an unpaid booking holding its guard for `hours` (start to end) keeps that time for its payment. */
export function holdMinutesFor(hours: number): number {
  return isLongBooking(hours) ? LONG_HOLD_MINUTES : HOLD_MINUTES;
}

/** Hours from a booking's start to its end: how long it holds its guard. */
export function heldHours(start: Date, end: Date): number {
  return (end.getTime() - start.getTime()) / 3_600_000;
}
/** Settings' default 'max advance booking days'. */
export const DEFAULT_MAX_ADVANCE_DAYS = 30;
export const ADDRESS_MAX_LENGTH = 500;

export type WizardArea = (typeof WIZARD_AREAS)[number];
export type FormArea = (typeof FORM_AREAS)[number];
export type FormBookingType = (typeof BOOKING_TYPES)[number];
export type FormShiftType = (typeof SHIFT_TYPES)[number];

/** The messages, word for word where the specification gives them. */
export const BOOKING_MESSAGES = {
  wizardGuardsMin: 'At least 1 guard is required.',
  formGuardsMin: 'Please enter at least 1 guard',
  guardsMax: `At most ${GUARDS_MAX} guards can be booked at once.`,
  guardsWhole: 'The number of guards must be a whole number.',
  hoursMin: `Minimum booking is ${HOURLY_MIN_HOURS} hours.`,
  hoursMax: `Hourly bookings can be at most ${HOURLY_MAX_HOURS} hours.`,
  hoursWhole: 'Bookings are made in whole hours.',
  startDate: 'Please select a start date.',
  dailyDates: 'Please select start and end dates for daily booking.',
  dateFormat: 'Enter a valid date (YYYY-MM-DD).',
  endBeforeStart: 'The end date cannot be before the start date.',
  dailyTooLong: `A daily booking can cover at most ${DAILY_MAX_DAYS} days. Please choose an earlier end date.`,
  monthlyEnd: (endDate: string) => `A monthly booking ends 30 days after it starts (${endDate}).`,
  startTime: 'Please select a start time.',
  endTime: 'Please select an end time.',
  timeFormat: 'Enter the time as HH:mm (24-hour clock).',
  past: 'The start time is in the past.',
  tooFarAhead: (days: number) => `Bookings can be made at most ${days} ${days === 1 ? 'day' : 'days'} ahead.`,
  location: 'Please select a location.',
  specifyLocation: 'Please specify the location.',
  addressTooLong: `The location must be at most ${ADDRESS_MAX_LENGTH} characters.`,
  dressCode: 'Please choose a dress code.',
  wizardServiceType: 'Please choose a service.',
  formServiceType: 'Please select a service type.',
  durationType: 'Please choose hourly or daily.',
  bookingType: 'Please choose hourly, daily or monthly.',
  shiftType: 'Please choose a day, night or custom shift.',
} as const;

/** Field name → message; empty when the booking is valid. */
export type FieldErrors = Record<string, string>;

export interface BookingRuleOptions {
  now: Date;
  /** The 'max advance booking days' setting (default 30). */
  maxAdvanceDays?: number;
}

export type RuleResult<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

export function readOptions(options: BookingRuleOptions): { today: string; maxAdvanceDays: number } {
  if (Number.isNaN(options.now.getTime())) throw new RangeError('now must be a valid date');
  const maxAdvanceDays = options.maxAdvanceDays ?? DEFAULT_MAX_ADVANCE_DAYS;
  if (!Number.isSafeInteger(maxAdvanceDays) || maxAdvanceDays < 0) {
    throw new RangeError(`maxAdvanceDays must be a whole number of days: ${maxAdvanceDays}`);
  }
  return { today: nairobiDate(options.now), maxAdvanceDays };
}

export function blankToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

export function oneOf<T extends string>(list: readonly T[], value: string | null): T | null {
  return value !== null && (list as readonly string[]).includes(value) ? (value as T) : null;
}

export function checkGuards(value: number | null | undefined, minMessage: string, field: string, errors: FieldErrors): number | null {
  if (value === null || value === undefined || !Number.isFinite(value) || value < GUARDS_MIN) errors[field] = minMessage;
  else if (!Number.isInteger(value)) errors[field] = BOOKING_MESSAGES.guardsWhole;
  else if (value > GUARDS_MAX) errors[field] = BOOKING_MESSAGES.guardsMax;
  else return value;
  return null;
}

export function checkHours(value: number | null | undefined, field: string, errors: FieldErrors): number | null {
  if (value === null || value === undefined || !Number.isFinite(value) || value < HOURLY_MIN_HOURS) errors[field] = BOOKING_MESSAGES.hoursMin;
  else if (!Number.isInteger(value)) errors[field] = BOOKING_MESSAGES.hoursWhole;
  else if (value > HOURLY_MAX_HOURS) errors[field] = BOOKING_MESSAGES.hoursMax;
  else return value;
  return null;
}

export function checkDate(value: string | null | undefined, missing: string, field: string, errors: FieldErrors): string | null {
  const date = blankToNull(value);
  if (date === null) errors[field] = missing;
  else if (!isIsoDate(date)) errors[field] = BOOKING_MESSAGES.dateFormat;
  else return date;
  return null;
}

/** A daily booking's end date: not before the start, and at most DAILY_MAX_DAYS days counting both. */
export function checkEndDate(value: string | null | undefined, startDate: string | null, missing: string, errors: FieldErrors): string | null {
  const endDate = checkDate(value, missing, 'endDate', errors);
  if (endDate === null || startDate === null) return endDate;
  const days = daysBetween(startDate, endDate) + 1;
  if (days < 1) errors.endDate = BOOKING_MESSAGES.endBeforeStart;
  else if (days > DAILY_MAX_DAYS) errors.endDate = BOOKING_MESSAGES.dailyTooLong;
  else return endDate;
  return null;
}

export function checkTime(value: string | null | undefined, missing: string, field: string, errors: FieldErrors): string | null {
  const time = blankToNull(value);
  if (time === null) errors[field] = missing;
  else if (!isTimeOfDay(time)) errors[field] = BOOKING_MESSAGES.timeFormat;
  else return time;
  return null;
}

export interface StartCheck {
  date: string;
  /** The start instant when it could be worked out. */
  start: Date | null;
  dateField: string;
  timeField: string;
  today: string;
  now: Date;
  maxAdvanceDays: number;
}

/** No start in the past; a start date at most maxAdvanceDays Nairobi days after today (inclusive). */
export function checkStart(c: StartCheck, errors: FieldErrors): void {
  const ahead = daysBetween(c.today, c.date);
  if (ahead < 0) errors[c.dateField] = BOOKING_MESSAGES.past;
  else if (ahead > c.maxAdvanceDays) errors[c.dateField] = BOOKING_MESSAGES.tooFarAhead(c.maxAdvanceDays);
  else if (c.start !== null && c.start.getTime() < c.now.getTime()) errors[c.timeField] ??= BOOKING_MESSAGES.past;
}
