/** How a booking is described in words, in Nairobi time, wherever the server runs. */
import type { BookingSummary } from './payment-bookings.repo.ts';

export { bookingLengthText, bookingServiceLabel } from '@ops/shared/domain/booking-labels';

/** The area a client picks when theirs is not listed; the specific location they typed names the place. */
const OTHER_AREA = 'Other';

const NAIROBI = 'Africa/Nairobi';
const dateFormat = new Intl.DateTimeFormat('en-GB', { timeZone: NAIROBI, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-GB', { timeZone: NAIROBI, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** 'Sat, 14 Mar 2026, 09:00–17:00', with the end date too when it is another day. */
export function bookingWhen(start: Date, end: Date): string {
  const startDate = dateFormat.format(start);
  const endDate = dateFormat.format(end);
  const until = endDate === startDate ? timeFormat.format(end) : `${endDate}, ${timeFormat.format(end)}`;
  return `${startDate}, ${timeFormat.format(start)}–${until} (Nairobi time)`;
}

/** Where, in a word or two: the area, or for Other the specific location the client typed. */
export function bookingArea(b: Pick<BookingSummary, 'area' | 'address'>): string {
  return b.area === OTHER_AREA && b.address ? b.address : b.area;
}

/** Where, in full: '12 Karen Road, Karen'; for Other only the specific location ('Upper Hill, Ragati Road'). */
export function bookingPlace(b: Pick<BookingSummary, 'area' | 'address'>): string {
  if (!b.address) return b.area;
  return b.area === OTHER_AREA ? b.address : `${b.address}, ${b.area}`;
}

export function clientDisplayName(b: Pick<BookingSummary, 'clientName' | 'clientCompanyName'>): string {
  return b.clientCompanyName ? `${b.clientName} (${b.clientCompanyName})` : b.clientName;
}
