/** The single-page form's booking rules (/old-booking); see booking-rules.ts. */
import { BOOKING_TYPES, FORM_AREAS, SHIFT_TYPES } from '../constants.ts';
import { daysBetween, isIsoDate } from './nairobi-time.ts';
import { FORM_SERVICE_TYPES, formSchedule, hoursBetweenTimes, monthlyEndDate } from './form-pricing.ts';
import type { BookingSchedule } from './pricing.ts';
import type { FormSchedulePlan, FormServiceType } from './form-pricing.ts';
import {
  HOURLY_MIN_HOURS,
  BOOKING_MESSAGES,
  readOptions,
  blankToNull,
  oneOf,
  checkGuards,
  checkDate,
  checkEndDate,
  checkTime,
  checkStart,
  type FormArea,
  type FieldErrors,
  type BookingRuleOptions,
  type RuleResult,
} from './booking-rules.ts';

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
