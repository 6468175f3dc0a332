/** The wizard's booking rules (the six-step modal and /booking); see booking-rules.ts. */
import { DRESS_CODES, WIZARD_AREAS } from '../constants.ts';
import type { DressCode } from '../constants.ts';
import { WIZARD_DURATION_TYPES, WIZARD_SERVICE_TYPES, wizardSchedule } from './wizard-pricing.ts';
import type { BookingSchedule } from './pricing.ts';
import type { WizardServiceType } from './wizard-pricing.ts';
import {
  ADDRESS_MAX_LENGTH,
  BOOKING_MESSAGES,
  readOptions,
  blankToNull,
  oneOf,
  checkGuards,
  checkHours,
  checkDate,
  checkEndDate,
  checkTime,
  checkStart,
  type WizardArea,
  type FieldErrors,
  type BookingRuleOptions,
  type RuleResult,
} from './booking-rules.ts';

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
