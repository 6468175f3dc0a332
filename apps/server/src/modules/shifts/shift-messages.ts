/** What the shift watch says, to whom, in words (decision 029). Nairobi time throughout. */
import { nairobiTimeOfDay } from '@ops/shared/domain/nairobi-time';
import { bookingPlace, bookingWhen } from '../payments/booking-text.ts';

export interface MessageBooking {
  id: string;
  reference: string;
  area: string;
  address: string | null;
  siteCode: string;
}

const hours = (n: number) => (n === 1 ? '1 hour' : `${n} hours`);
export const reportLink = (bookingId: string) => `/bookings/${encodeURIComponent(bookingId)}/report`;
export const TODAY_BOARD_LINK = '/admin?view=today';
export const GUARD_TODAY_LINK = '/dashboard';

export const SHIFT_TEXT = {
  guardReminder: (b: MessageBooking, start: Date, end: Date, lead: number) =>
    `Reminder: your shift on booking ${b.reference} starts in ${hours(lead)}: ${bookingPlace(b)}, ${bookingWhen(start, end)}. Check in from 'Today' in the app when you arrive.`,
  clientReminder: (b: MessageBooking, start: Date, end: Date, lead: number, guards: string[]) =>
    `Reminder: booking ${b.reference} starts in ${hours(lead)} (${bookingWhen(start, end)}). ${guards.length > 0 ? `${guards.join(' and ')} will guard ${bookingPlace(b)}.` : 'We are assigning your guard.'} The site code for the guard is ${b.siteCode}.`,
  late: (b: MessageBooking, guard: string, start: Date) =>
    `Late: ${guard} has not checked in to booking ${b.reference} (${bookingPlace(b)}), which started at ${nairobiTimeOfDay(start)}.`,
  clientLate: (b: MessageBooking) => `Booking ${b.reference}: your guard has not checked in yet. We are on it and will update you shortly.`,
  checkOutPrompt: (b: MessageBooking, end: Date) => `Your shift on booking ${b.reference} ended at ${nairobiTimeOfDay(end)}. Please check out in the app.`,
  noCheckOut: (b: MessageBooking, guard: string, end: Date) =>
    `${guard} has not checked out of booking ${b.reference} (${bookingPlace(b)}), which ended at ${nairobiTimeOfDay(end)}.`,
  unworked: (b: MessageBooking) =>
    `Booking ${b.reference} (${bookingPlace(b)}) ended with no check-in from any guard. Refund it from Payments or complete it.`,
  cannotComplete: (b: MessageBooking, why: string) => `Booking ${b.reference} could not complete on its own: ${why}`,
  standIn: (b: MessageBooking, start: Date, end: Date, from: string) =>
    `New shift: you take over booking ${b.reference} from ${from}: ${bookingPlace(b)}, ${bookingWhen(start, end)}. Check in from 'Today' in the app when you arrive.`,
  replacedOut: (b: MessageBooking, to: string) => `You are no longer on booking ${b.reference}: ${to} takes over. Do not go to the post.`,
  completed: (b: MessageBooking) => `How was your guard? Booking ${b.reference} is complete: read the shift report and leave a review.`,
};

/** The subject line of each e-mail. */
export const SHIFT_SUBJECTS = {
  guardReminder: (b: MessageBooking, lead: number) => `Your shift starts in ${hours(lead)}: booking ${b.reference}`,
  clientReminder: (b: MessageBooking, lead: number) => `Your booking ${b.reference} starts in ${hours(lead)}`,
  late: (b: MessageBooking) => `Late guard on booking ${b.reference}`,
  clientLate: (b: MessageBooking) => `Booking ${b.reference}: we are on it`,
  noCheckOut: (b: MessageBooking) => `No check-out on booking ${b.reference}`,
  unworked: (b: MessageBooking) => `No guard checked in on booking ${b.reference}`,
  completed: () => 'How was your guard?',
};
