/** The single-page form's prices and schedule (/old-booking); see pricing.ts for the rules all prices keep. */
import { formatKes } from '../money.ts';
import { addDaysToDate, addHoursToInstant, inclusiveDays, minutesOfDay, nairobiInstant } from './nairobi-time.ts';
import { assertCount, plural, safeProduct, type BookingSchedule } from './pricing.ts';

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
