/**
 * Booking validation (docs: DECISIONS.md, Bookings; spec §5). The server runs these on every
 * request (through schemas/booking-input.ts) and the forms run the same ones to show the same
 * messages next to the same fields. Pure: `now` and the settings come in as options.
 *
 * The rules take the fields loosely typed (blank strings, NaN from a number box, unknown values)
 * and answer with field errors, or with the booking narrowed to its types plus its schedule.
 */
import { BOOKING_TYPES, DRESS_CODES, FORM_AREAS, SHIFT_TYPES, WIZARD_AREAS } from '../constants.ts';
import type { DressCode } from '../constants.ts';
import { daysBetween, isIsoDate, isTimeOfDay, nairobiDate } from './nairobi-time.ts';
import {
  FORM_SERVICE_TYPES,
  WIZARD_DURATION_TYPES,
  WIZARD_SERVICE_TYPES,
  formSchedule,
  hoursBetweenTimes,
  monthlyEndDate,
  wizardSchedule,
} from './pricing.ts';
import type { BookingSchedule, FormSchedulePlan, FormServiceType, WizardServiceType } from './pricing.ts';

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
 * The most unpaid holds one client keeps at once (pending bookings whose 30 minutes are still
 * running). The database enforces it (migration 0010, trigger bookings_cap_unpaid_holds).
 */
export const UNPAID_HOLDS_MAX = 3;
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

// ---------------------------------------------------------------------------------------------
// Wizard (the six-step modal and /booking)

/** The wizard's booking form data as typed, before any check. */
export interface WizardBookingFields {
  /** personal | team | elite; blank or null: /booking without a service type. */
  serviceType?: string | null;
  teamSize?: number | null;
  /** Start date 'YYYY-MM-DD' (Nairobi). */
  date?: string | null;
  /** Daily only. */
  endDate?: string | null;
  /** 'HH:mm' (Nairobi). */
  startTime?: string | null;
  /** Hours (hourly only; a daily booking's length comes from its dates). */
  duration?: number | null;
  durationType?: string | null;
  dressCode?: string | null;
  /** The area. */
  location?: string | null;
  /** The specific location or address; required when the area is Other. */
  address?: string | null;
}

/** A valid wizard booking. */
export type WizardBooking = {
  serviceType: WizardServiceType | null;
  teamSize: number;
  date: string;
  startTime: string;
  dressCode: DressCode;
  location: WizardArea;
  /** Trimmed; null when blank. */
  address: string | null;
  schedule: BookingSchedule;
} & WizardLength;

/** Hourly: the hours. Daily: the end date and the days counted (both dates included). */
export type WizardLength = { durationType: 'hourly'; hours: number; endDate: null } | { durationType: 'daily'; endDate: string; days: number };

export function validateWizardBooking(input: WizardBookingFields, options: BookingRuleOptions): FieldErrors {
  const result = checkWizardBooking(input, options);
  return result.ok ? {} : result.errors;
}

export function checkWizardBooking(input: WizardBookingFields, options: BookingRuleOptions): RuleResult<WizardBooking> {
  const { today, maxAdvanceDays } = readOptions(options);
  const errors: FieldErrors = {};

  const rawService = blankToNull(input.serviceType);
  const serviceType = rawService === null ? null : oneOf(WIZARD_SERVICE_TYPES, rawService);
  if (rawService !== null && serviceType === null) errors.serviceType = BOOKING_MESSAGES.wizardServiceType;

  const teamSize = checkGuards(input.teamSize, BOOKING_MESSAGES.wizardGuardsMin, 'teamSize', errors);

  const durationType = oneOf(WIZARD_DURATION_TYPES, blankToNull(input.durationType));
  if (!durationType) errors.durationType = BOOKING_MESSAGES.durationType;

  const missingDate = durationType === 'daily' ? BOOKING_MESSAGES.dailyDates : BOOKING_MESSAGES.startDate;
  const date = checkDate(input.date, missingDate, 'date', errors);
  const endDate = durationType === 'daily' ? checkEndDate(input.endDate, date, BOOKING_MESSAGES.dailyDates, errors) : null;
  const startTime = checkTime(input.startTime, BOOKING_MESSAGES.startTime, 'startTime', errors);

  let hours: number | null = null;
  if (durationType === 'hourly') {
    hours = checkHours(input.duration, 'duration', errors);
  }

  const dressCode = oneOf(DRESS_CODES, blankToNull(input.dressCode));
  if (!dressCode) errors.dressCode = BOOKING_MESSAGES.dressCode;

  const location = oneOf(WIZARD_AREAS, blankToNull(input.location));
  if (!location) errors.location = BOOKING_MESSAGES.location;
  const address = blankToNull(input.address);
  if (location === 'Other' && address === null) errors.address = BOOKING_MESSAGES.specifyLocation;
  else if (address !== null && address.length > ADDRESS_MAX_LENGTH) errors.address = BOOKING_MESSAGES.addressTooLong;

  let timing: { length: WizardLength; schedule: BookingSchedule } | null = null;
  if (date !== null && startTime !== null) {
    if (durationType === 'hourly' && hours !== null) {
      timing = { length: { durationType, hours, endDate: null }, schedule: wizardSchedule({ durationType, date, startTime, hours }) };
    } else if (durationType === 'daily' && endDate !== null) {
      const schedule = wizardSchedule({ durationType, date, endDate, startTime });
      timing = { length: { durationType, endDate, days: schedule.durationHours / 24 }, schedule };
    }
    checkStart(
      { date, start: timing?.schedule.start ?? null, dateField: 'date', timeField: 'startTime', today, now: options.now, maxAdvanceDays },
      errors,
    );
  }

  if (Object.keys(errors).length > 0 || !timing || teamSize === null || date === null || startTime === null || !dressCode || !location) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    value: { serviceType, teamSize, date, startTime, dressCode, location, address, schedule: timing.schedule, ...timing.length },
  };
}

// ---------------------------------------------------------------------------------------------
// Single-page form (/old-booking)

/** The single-page form's fields as typed, before any check. */
export interface FormBookingFields {
  serviceType?: string | null;
  bookingType?: string | null;
  startDate?: string | null;
  /** Daily: required. Monthly: optional, must be 30 days after the start. */
  endDate?: string | null;
  /** Daily only. */
  shiftType?: string | null;
  /** Hourly and custom shift: required. Monthly: optional (09:00). */
  startTime?: string | null;
  /** Hourly only. */
  endTime?: string | null;
  location?: string | null;
  guards?: number | null;
}

/** A valid single-page-form booking: its plan (what quoteForm takes) plus its schedule. */
export type FormBooking = FormSchedulePlan & {
  serviceType: FormServiceType;
  guards: number;
  location: FormArea;
  schedule: BookingSchedule;
};

export function validateFormBooking(input: FormBookingFields, options: BookingRuleOptions): FieldErrors {
  const result = checkFormBooking(input, options);
  return result.ok ? {} : result.errors;
}

export function checkFormBooking(input: FormBookingFields, options: BookingRuleOptions): RuleResult<FormBooking> {
  const { today, maxAdvanceDays } = readOptions(options);
  const errors: FieldErrors = {};

  const serviceType = oneOf(FORM_SERVICE_TYPES, blankToNull(input.serviceType));
  if (!serviceType) errors.serviceType = BOOKING_MESSAGES.formServiceType;

  const bookingType = oneOf(BOOKING_TYPES, blankToNull(input.bookingType));
  if (!bookingType) errors.bookingType = BOOKING_MESSAGES.bookingType;

  const guards = checkGuards(input.guards, BOOKING_MESSAGES.formGuardsMin, 'guards', errors);

  const location = oneOf(FORM_AREAS, blankToNull(input.location));
  if (!location) errors.location = BOOKING_MESSAGES.location;

  const missingDate = bookingType === 'daily' ? BOOKING_MESSAGES.dailyDates : BOOKING_MESSAGES.startDate;
  const startDate = checkDate(input.startDate, missingDate, 'startDate', errors);

  let plan: FormSchedulePlan | null = null;
  /** Whether the start time is the person's choice (else a fixed shift start). */
  let timeChosen = false;
  switch (bookingType) {
    case 'hourly': {
      const startTime = checkTime(input.startTime, BOOKING_MESSAGES.startTime, 'startTime', errors);
      const endTime = checkTime(input.endTime, BOOKING_MESSAGES.endTime, 'endTime', errors);
      timeChosen = true;
      if (startTime !== null && endTime !== null) {
        const hours = hoursBetweenTimes(startTime, endTime);
        if (hours < HOURLY_MIN_HOURS) errors.endTime = BOOKING_MESSAGES.hoursMin;
        else if (!Number.isInteger(hours)) errors.endTime = BOOKING_MESSAGES.hoursWhole;
        else if (startDate !== null) plan = { bookingType, startDate, startTime, endTime };
      }
      break;
    }
    case 'daily': {
      const endDate = checkEndDate(input.endDate, startDate, BOOKING_MESSAGES.dailyDates, errors);
      const shiftType = oneOf(SHIFT_TYPES, blankToNull(input.shiftType));
      if (!shiftType) errors.shiftType = BOOKING_MESSAGES.shiftType;
      if (shiftType === 'custom') {
        timeChosen = true;
        const startTime = checkTime(input.startTime, BOOKING_MESSAGES.startTime, 'startTime', errors);
        if (startDate !== null && endDate !== null && startTime !== null) plan = { bookingType, shiftType, startDate, endDate, startTime };
      } else if (shiftType && startDate !== null && endDate !== null) {
        plan = { bookingType, shiftType, startDate, endDate };
      }
      break;
    }
    case 'monthly': {
      const givenTime = blankToNull(input.startTime);
      timeChosen = givenTime !== null;
      const startTime = givenTime === null ? null : checkTime(givenTime, BOOKING_MESSAGES.startTime, 'startTime', errors);
      const givenEnd = blankToNull(input.endDate);
      if (startDate !== null) {
        const endDate = monthlyEndDate(startDate);
        if (givenEnd !== null && givenEnd !== endDate) {
          errors.endDate = !isIsoDate(givenEnd)
            ? BOOKING_MESSAGES.dateFormat
            : daysBetween(startDate, givenEnd) < 0
              ? BOOKING_MESSAGES.endBeforeStart
              : BOOKING_MESSAGES.monthlyEnd(endDate);
        }
        if (givenTime === null || startTime !== null) plan = { bookingType, startDate, startTime, endDate };
      }
      break;
    }
    default:
      break;
  }

  const schedule = plan ? formSchedule(plan) : null;
  if (startDate !== null) {
    checkStart(
      {
        date: startDate,
        start: schedule?.start ?? null,
        dateField: 'startDate',
        timeField: timeChosen ? 'startTime' : 'startDate',
        today,
        now: options.now,
        maxAdvanceDays,
      },
      errors,
    );
  }

  if (Object.keys(errors).length > 0 || !plan || !schedule || !serviceType || guards === null || !location) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    value: { ...plan, serviceType, guards, location, schedule: { start: schedule.start, end: schedule.end, durationHours: schedule.durationHours } },
  };
}

// ---------------------------------------------------------------------------------------------

function readOptions(options: BookingRuleOptions): { today: string; maxAdvanceDays: number } {
  if (Number.isNaN(options.now.getTime())) throw new RangeError('now must be a valid date');
  const maxAdvanceDays = options.maxAdvanceDays ?? DEFAULT_MAX_ADVANCE_DAYS;
  if (!Number.isSafeInteger(maxAdvanceDays) || maxAdvanceDays < 0) {
    throw new RangeError(`maxAdvanceDays must be a whole number of days: ${maxAdvanceDays}`);
  }
  return { today: nairobiDate(options.now), maxAdvanceDays };
}

function blankToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function oneOf<T extends string>(list: readonly T[], value: string | null): T | null {
  return value !== null && (list as readonly string[]).includes(value) ? (value as T) : null;
}

function checkGuards(value: number | null | undefined, minMessage: string, field: string, errors: FieldErrors): number | null {
  if (value === null || value === undefined || !Number.isFinite(value) || value < GUARDS_MIN) errors[field] = minMessage;
  else if (!Number.isInteger(value)) errors[field] = BOOKING_MESSAGES.guardsWhole;
  else if (value > GUARDS_MAX) errors[field] = BOOKING_MESSAGES.guardsMax;
  else return value;
  return null;
}

function checkHours(value: number | null | undefined, field: string, errors: FieldErrors): number | null {
  if (value === null || value === undefined || !Number.isFinite(value) || value < HOURLY_MIN_HOURS) errors[field] = BOOKING_MESSAGES.hoursMin;
  else if (!Number.isInteger(value)) errors[field] = BOOKING_MESSAGES.hoursWhole;
  else if (value > HOURLY_MAX_HOURS) errors[field] = BOOKING_MESSAGES.hoursMax;
  else return value;
  return null;
}

function checkDate(value: string | null | undefined, missing: string, field: string, errors: FieldErrors): string | null {
  const date = blankToNull(value);
  if (date === null) errors[field] = missing;
  else if (!isIsoDate(date)) errors[field] = BOOKING_MESSAGES.dateFormat;
  else return date;
  return null;
}

/** A daily booking's end date: not before the start, and at most DAILY_MAX_DAYS days counting both. */
function checkEndDate(value: string | null | undefined, startDate: string | null, missing: string, errors: FieldErrors): string | null {
  const endDate = checkDate(value, missing, 'endDate', errors);
  if (endDate === null || startDate === null) return endDate;
  const days = daysBetween(startDate, endDate) + 1;
  if (days < 1) errors.endDate = BOOKING_MESSAGES.endBeforeStart;
  else if (days > DAILY_MAX_DAYS) errors.endDate = BOOKING_MESSAGES.dailyTooLong;
  else return endDate;
  return null;
}

function checkTime(value: string | null | undefined, missing: string, field: string, errors: FieldErrors): string | null {
  const time = blankToNull(value);
  if (time === null) errors[field] = missing;
  else if (!isTimeOfDay(time)) errors[field] = BOOKING_MESSAGES.timeFormat;
  else return time;
  return null;
}

interface StartCheck {
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
function checkStart(c: StartCheck, errors: FieldErrors): void {
  const ahead = daysBetween(c.today, c.date);
  if (ahead < 0) errors[c.dateField] = BOOKING_MESSAGES.past;
  else if (ahead > c.maxAdvanceDays) errors[c.dateField] = BOOKING_MESSAGES.tooFarAhead(c.maxAdvanceDays);
  else if (c.start !== null && c.start.getTime() < c.now.getTime()) errors[c.timeField] ??= BOOKING_MESSAGES.past;
}
