/**
 * What a booking is called and how long it runs, in words: on the dashboards, in the bell, in
 * e-mails, SMS and calendar invitations. A booking made on /booking without choosing a service is
 * named by its booking type, never as a service it was not booked as.
 */
import { SERVICE_TYPE_LABELS } from '../constants.ts';
import type { ServiceType } from '../constants.ts';
import { FIXED_SHIFTS } from './form-pricing.ts';

export type BookingType = 'hourly' | 'daily' | 'monthly';
export type ShiftType = 'day' | 'night' | 'custom';

export const BOOKING_TYPE_LABELS: Readonly<Record<BookingType, string>> = {
  hourly: 'Hourly booking',
  daily: 'Daily booking',
  monthly: 'Monthly booking',
};

/** 'Elite Protection', or for a booking without a service type 'Hourly booking' and so on. */
export function bookingServiceLabel(booking: { serviceType: ServiceType | null; bookingType: BookingType }): string {
  return booking.serviceType ? SERVICE_TYPE_LABELS[booking.serviceType] : BOOKING_TYPE_LABELS[booking.bookingType];
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * How long a booking runs: '6 hours' (hourly); '3 days' (daily round the clock, monthly);
 * '2 nights, 18:00–06:00' or '1 day, 06:00–18:00' for the single-page form's shifts.
 */
export function bookingLengthText(booking: { bookingType: BookingType; shiftType?: ShiftType | null; durationHours: number }): string {
  if (booking.bookingType === 'hourly') return plural(booking.durationHours, 'hour', 'hours');
  const shift = booking.bookingType === 'daily' && (booking.shiftType === 'day' || booking.shiftType === 'night') ? FIXED_SHIFTS[booking.shiftType] : null;
  if (shift) {
    const count = Math.max(1, Math.round(booking.durationHours / shift.hours));
    const unit = booking.shiftType === 'night' ? plural(count, 'night', 'nights') : plural(count, 'day', 'days');
    return `${unit}, ${shift.startTime}–${shift.endTime}`;
  }
  return plural(Math.max(1, Math.round(booking.durationHours / 24)), 'day', 'days');
}
