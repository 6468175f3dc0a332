/** The wizard's prices and schedule (the six-step modal and /booking); see pricing.ts for the rules all prices keep. */
import { formatKes } from '../money.ts';
import { addHoursToInstant, inclusiveDays, nairobiInstant } from './nairobi-time.ts';
import { assertAmount, assertCount, plural, safeProduct, type BookingSchedule } from './pricing.ts';

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
