/** How a booking is described in words, in Nairobi time, wherever the server runs. */
import type { BookingSummary } from './payment-bookings.repo.ts';

export { SERVICE_TYPE_LABELS } from '@ops/shared/constants';

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

export function bookingPlace(b: Pick<BookingSummary, 'area' | 'address'>): string {
  return b.address ? `${b.address}, ${b.area}` : b.area;
}

export function clientDisplayName(b: Pick<BookingSummary, 'clientName' | 'clientCompanyName'>): string {
  return b.clientCompanyName ? `${b.clientName} (${b.clientCompanyName})` : b.clientName;
}
