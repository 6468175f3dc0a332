/**
 * Booking prices in whole KES (docs: DECISIONS.md, Money). The server's quote is the only price
 * that counts; the web app uses the same functions to show it before the booking is sent.
 *
 * Every amount, rate and count is an integer. A non-integer, negative or otherwise impossible input
 * is a programming error here (the request schemas refuse bad input first) and throws RangeError.
 */
import { formatKes } from '../money.ts';
import { addDaysToDate, addHoursToInstant, inclusiveDays, minutesOfDay, nairobiInstant } from './nairobi-time.ts';

// ---------------------------------------------------------------------------------------------
// Wizard (the six-step modal and /booking)

export const WIZARD_SERVICE_TYPES = ['personal', 'team', 'elite'] as const;
export type WizardServiceType = (typeof WIZARD_SERVICE_TYPES)[number];

export const WIZARD_DURATION_TYPES = ['hourly', 'daily'] as const;
export type WizardDurationType = (typeof WIZARD_DURATION_TYPES)[number];

/** KES per guard-hour when no guard is chosen or the guard has no hourly rate. */
export const WIZARD_BASE_HOURLY_RATES: Readonly<Record<WizardServiceType, number>> = {
  personal: 1200,
  team: 1200,
  elite: 1500,
};
/** /booking without a service type. */
export const WIZARD_DEFAULT_HOURLY_RATE = 1500;
/** A guard without a daily rate costs this many hours a day. */
export const DAILY_RATE_HOURS = 8;
/**
 * The highest hourly or daily rate a guard may set, in whole KES (a rate typed in USD is checked
 * after its conversion at 145).
 */
export const GUARD_RATE_MAX_KES = 1_000_000;
/**
 * The most one booking may cost, in whole KES: far above any real booking, and far below what the
 * database's integer columns hold, so no combination of guards, days and rates can overflow them.
 */
export const BOOKING_TOTAL_MAX_KES = 100_000_000;

/** The chosen guard's own rates (whole KES), as stored; null when the guard has none. */
export interface GuardRates {
  rateHourly: number | null;
  rateDaily: number | null;
}

interface WizardQuoteCommon {
  /** null: /booking without a service type. */
  serviceType: WizardServiceType | null;
  /** The chosen guard; null or absent when none is chosen. */
  guard?: GuardRates | null;
  /** Number of guards. */
  teamSize: number;
}
export type WizardQuoteInput = WizardQuoteCommon &
  (
    | { durationType: 'hourly'; hours: number }
    /** Nairobi calendar dates 'YYYY-MM-DD', both included. */
    | { durationType: 'daily'; date: string; endDate: string }
  );

export interface WizardQuote {
  /** Whole KES. */
  price: number;
  /** Hours covered: hourly, the hours; daily, days × 24. */
  durationHours: number;
  hourlyRate: number;
  /** Daily bookings only. */
  dailyRate?: number;
  /** Daily bookings only: both dates included. */
  days?: number;
  /** e.g. '2 guards × 8 hours × KES 1,200/hour'. */
  breakdown: string;
}

/** A guard's own rate when they have one (a stored 0 counts as none), else null. */
function guardRate(rate: number | null | undefined, name: string): number | null {
  if (rate === null || rate === undefined) return null;
  assertAmount(rate, name);
  return rate > 0 ? rate : null;
}

/** The hourly rate: the guard's rate_hourly, else the service's base rate. */
export function wizardHourlyRate(serviceType: WizardServiceType | null, guard?: GuardRates | null): number {
  const own = guardRate(guard?.rateHourly, 'The guard hourly rate');
  if (own !== null) return own;
  if (serviceType === null) return WIZARD_DEFAULT_HOURLY_RATE;
  const base = WIZARD_BASE_HOURLY_RATES[serviceType] as number | undefined;
  if (base === undefined) throw new RangeError(`Unknown wizard service type: ${String(serviceType)}`);
  return base;
}

/** The daily rate: the guard's rate_daily, else 8 × the hourly rate. */
export function wizardDailyRate(serviceType: WizardServiceType | null, guard?: GuardRates | null): number {
  return guardRate(guard?.rateDaily, 'The guard daily rate') ?? DAILY_RATE_HOURS * wizardHourlyRate(serviceType, guard);
}

export function quoteWizard(input: WizardQuoteInput): WizardQuote {
  assertCount(input.teamSize, 'The number of guards');
  const hourlyRate = wizardHourlyRate(input.serviceType, input.guard);
  if (input.durationType === 'hourly') {
    assertCount(input.hours, 'The number of hours');
    return {
      price: safeProduct(input.teamSize, input.hours, hourlyRate),
      durationHours: input.hours,
      hourlyRate,
      breakdown: `${plural(input.teamSize, 'guard')} × ${plural(input.hours, 'hour')} × ${formatKes(hourlyRate)}/hour`,
    };
  }
  if (input.durationType !== 'daily') throw new RangeError(`Unknown duration type: ${String((input as { durationType: unknown }).durationType)}`);
  const days = inclusiveDays(input.date, input.endDate);
  const dailyRate = wizardDailyRate(input.serviceType, input.guard);
  return {
    price: safeProduct(input.teamSize, days, dailyRate),
    durationHours: days * 24,
    hourlyRate,
    dailyRate,
    days,
    breakdown: `${plural(input.teamSize, 'guard')} × ${plural(days, 'day')} × ${formatKes(dailyRate)}/day`,
  };
}

/** When a booking starts and ends, and how many hours it covers (the booking's duration_hours). */
export interface BookingSchedule {
  start: Date;
  end: Date;
  durationHours: number;
}

export type WizardScheduleInput =
  { durationType: 'hourly'; date: string; startTime: string; hours: number } | { durationType: 'daily'; date: string; endDate: string; startTime: string };

/**
 * Hourly: from the start date and time for the hours. Daily: from the start date and time, round
 * the clock until the same time the day after the end date (days × 24 hours).
 */
export function wizardSchedule(input: WizardScheduleInput): BookingSchedule {
  const start = nairobiInstant(input.date, input.startTime);
  if (input.durationType === 'hourly') assertCount(input.hours, 'The number of hours');
  const durationHours = input.durationType === 'hourly' ? input.hours : inclusiveDays(input.date, input.endDate) * 24;
  return { start, end: addHoursToInstant(start, durationHours), durationHours };
}

// ---------------------------------------------------------------------------------------------
// Single-page form (/old-booking)

export const FORM_SERVICE_TYPES = ['elite', 'vip', 'event', 'investigator', 'manned'] as const;
export type FormServiceType = (typeof FORM_SERVICE_TYPES)[number];

/** KES per guard-hour of the single-page form. */
export const FORM_HOURLY_RATES: Readonly<Record<FormServiceType, number>> = {
  elite: 1500,
  vip: 2000,
  event: 1200,
  investigator: 2500,
  manned: 1000,
};

/** Fixed shifts: day 6AM–6PM, night 6PM–6AM (ends the next morning), 12 hours each. */
export const FIXED_SHIFTS = {
  day: { startTime: '06:00', endTime: '18:00', hours: 12 },
  night: { startTime: '18:00', endTime: '06:00', hours: 12 },
} as const;
/** A custom shift covers the whole day. */
export const CUSTOM_SHIFT_HOURS_PER_DAY = 24;
/** A monthly booking is 30 days round the clock. */
export const MONTHLY_DAYS = 30;
/** Default start time (spec §9) where the form shows no time: monthly bookings. */
export const DEFAULT_START_TIME = '09:00';

export type FormSchedulePlan =
  | { bookingType: 'hourly'; startDate: string; startTime: string; endTime: string }
  | { bookingType: 'daily'; shiftType: 'day' | 'night'; startDate: string; endDate: string }
  | { bookingType: 'daily'; shiftType: 'custom'; startDate: string; endDate: string; startTime: string }
  /** The end date is always 30 days after the start date (monthlyEndDate); a given one is not used. */
  | { bookingType: 'monthly'; startDate: string; startTime?: string | null; endDate?: string | null };

export type FormQuoteInput = FormSchedulePlan & {
  serviceType: FormServiceType;
  /** Number of guards. */
  guards: number;
};

export interface FormQuote extends BookingSchedule {
  /** Whole KES = rate × hours × guards. */
  price: number;
  hourlyRate: number;
  /** Daily and monthly: both dates included. */
  days?: number;
  /** e.g. '2 guards × 3 days × 12 hours × KES 1,500/hour'. */
  breakdown: string;
}

/**
 * Hours between two wall-clock times, crossing midnight when the end is earlier (22:00 → 04:00 is
 * 6 hours; equal times are 0). May be fractional (09:30 → 17:00 is 7.5).
 */
export function hoursBetweenTimes(startTime: string, endTime: string): number {
  let minutes = minutesOfDay(endTime) - minutesOfDay(startTime);
  if (minutes < 0) minutes += 24 * 60;
  return minutes / 60;
}

/** The last day of a monthly booking that starts on `startDate`: 30 days later. */
export const monthlyEndDate = (startDate: string): string => addDaysToDate(startDate, MONTHLY_DAYS);

/**
 * Start and end instants and covered hours of a single-page-form booking, in Nairobi time:
 * - hourly: start date at the start time until the end time (the next day when it is earlier);
 * - daily day/night: the first shift's start until the last shift's end (a night shift ends the
 *   next morning); 12 hours a day are covered;
 * - daily custom: round the clock from the start date and time, days × 24 hours;
 * - monthly: 30 days × 24 hours from the start date and time (default 09:00).
 */
export function formSchedule(plan: FormSchedulePlan): BookingSchedule & { days?: number } {
  switch (plan.bookingType) {
    case 'hourly': {
      const hours = hoursBetweenTimes(plan.startTime, plan.endTime);
      if (!Number.isInteger(hours) || hours < 1) {
        throw new RangeError(`An hourly booking needs a whole, positive number of hours: ${plan.startTime}–${plan.endTime}`);
      }
      const start = nairobiInstant(plan.startDate, plan.startTime);
      return { start, end: addHoursToInstant(start, hours), durationHours: hours };
    }
    case 'daily': {
      const days = inclusiveDays(plan.startDate, plan.endDate);
      if (plan.shiftType === 'custom') {
        const start = nairobiInstant(plan.startDate, plan.startTime);
        const durationHours = days * CUSTOM_SHIFT_HOURS_PER_DAY;
        return { start, end: addHoursToInstant(start, durationHours), durationHours, days };
      }
      const shift = FIXED_SHIFTS[plan.shiftType] as (typeof FIXED_SHIFTS)[keyof typeof FIXED_SHIFTS] | undefined;
      if (!shift) throw new RangeError(`Unknown shift type: ${String(plan.shiftType)}`);
      const lastShiftEndDate = plan.shiftType === 'night' ? addDaysToDate(plan.endDate, 1) : plan.endDate;
      return {
        start: nairobiInstant(plan.startDate, shift.startTime),
        end: nairobiInstant(lastShiftEndDate, shift.endTime),
        durationHours: days * shift.hours,
        days,
      };
    }
    case 'monthly': {
      const start = nairobiInstant(plan.startDate, plan.startTime ?? DEFAULT_START_TIME);
      const durationHours = MONTHLY_DAYS * 24;
      return { start, end: addHoursToInstant(start, durationHours), durationHours, days: MONTHLY_DAYS };
    }
    default:
      throw new RangeError(`Unknown booking type: ${String((plan as { bookingType: unknown }).bookingType)}`);
  }
}

export function quoteForm(input: FormQuoteInput): FormQuote {
  assertCount(input.guards, 'The number of guards');
  const hourlyRate = FORM_HOURLY_RATES[input.serviceType] as number | undefined;
  if (hourlyRate === undefined) throw new RangeError(`Unknown form service type: ${String(input.serviceType)}`);
  const schedule = formSchedule(input);
  const price = safeProduct(hourlyRate, schedule.durationHours, input.guards);
  const guards = plural(input.guards, 'guard');
  const rate = `${formatKes(hourlyRate)}/hour`;
  if (schedule.days === undefined) {
    return { ...schedule, price, hourlyRate, breakdown: `${guards} × ${plural(schedule.durationHours, 'hour')} × ${rate}` };
  }
  const hoursPerDay = schedule.durationHours / schedule.days;
  return {
    ...schedule,
    price,
    hourlyRate,
    breakdown: `${guards} × ${plural(schedule.days, 'day')} × ${plural(hoursPerDay, 'hour')} × ${rate}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Refunds and commission

export const REFUND_PERCENT = 95;
/** Settings' default platform commission: 500 basis points = 5%. */
export const DEFAULT_COMMISSION_BASIS_POINTS = 500;

/** 95% of what was paid, rounded down to whole KES: 1,001 → 950. */
export function refundAmount(amountPaid: number): number {
  assertAmount(amountPaid, 'The amount paid');
  return Math.floor((amountPaid * REFUND_PERCENT) / 100);
}

/** The platform's share of a paid amount, rounded down: (10,000, 500) → 500. */
export function commissionAmount(amount: number, basisPoints: number = DEFAULT_COMMISSION_BASIS_POINTS): number {
  assertAmount(amount, 'The amount');
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0 || basisPoints > 10_000) {
    throw new RangeError(`The commission must be whole basis points from 0 to 10000: ${basisPoints}`);
  }
  return Math.floor((amount * basisPoints) / 10_000);
}

// ---------------------------------------------------------------------------------------------

/** A whole, non-negative number of KES. */
function assertAmount(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole, non-negative number of KES: ${value}`);
}

/** A whole number of at least 1 (guards, hours). */
function assertCount(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${name} must be a whole number of at least 1: ${value}`);
}

function safeProduct(...factors: number[]): number {
  const product = factors.reduce((a, b) => a * b, 1);
  if (!Number.isSafeInteger(product)) throw new RangeError(`The price is out of range: ${factors.join(' × ')}`);
  return product;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
