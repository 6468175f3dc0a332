/**
 * What the client's bell says about their own booking, one notice per event, each leading to the
 * booking on their dashboard. Written in the transaction of the change it announces.
 */
import { heldHours, holdMinutesFor } from '@ops/shared/domain/booking-rules';
import { formatKes } from '@ops/shared/money';
import type { Executor } from '../../db/client.ts';
import { bookingServiceLabel, bookingWhen } from '../payments/booking-text.ts';
import { insertNotifications, type NotificationType } from './notifications.repo.ts';

/** The booking on the dashboard of whoever follows the link (client or guard). */
export const bookingLink = (bookingId: string) => `/dashboard?booking=${encodeURIComponent(bookingId)}`;

/** What a notice about a booking needs to know of it. */
export interface NoticeBooking {
  id: string;
  reference: string;
  clientProfileId: string;
  serviceType: Parameters<typeof bookingServiceLabel>[0]['serviceType'];
  bookingType: Parameters<typeof bookingServiceLabel>[0]['bookingType'];
  startTime: Date;
  endTime: Date;
}

export interface ClientNotice {
  profileId: string;
  type: NotificationType;
  message: string;
  link: string;
}

/** The provider's reason as a sentence: ends with a full stop. */
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

const about = (b: NoticeBooking) => `${bookingServiceLabel(b)}, ${bookingWhen(b.startTime, b.endTime)}`;

export const CLIENT_NOTICES = {
  received: (b: NoticeBooking, holdMinutes: number): ClientNotice => ({
    profileId: b.clientProfileId,
    type: 'booking',
    message: `Booking ${b.reference} received: ${about(b)}. Pay within ${holdMinutes} minutes to confirm it.`,
    link: bookingLink(b.id),
  }),
  confirmed: (b: NoticeBooking, paid: number): ClientNotice => ({
    profileId: b.clientProfileId,
    type: 'booking_confirmed',
    message: `Payment of ${formatKes(paid)} approved: booking ${b.reference} is confirmed. ${about(b)}.`,
    link: bookingLink(b.id),
  }),
  /** `reason`: the provider's words, when it gave any. */
  paymentFailed: (b: NoticeBooking, reason: string | null): ClientNotice => ({
    profileId: b.clientProfileId,
    type: 'payment',
    message: `Payment for booking ${b.reference} failed${reason ? `: ${sentence(reason)}` : '.'} You can pay again while the booking is held.`,
    link: bookingLink(b.id),
  }),
  /** The hold's length follows from the booking's (booking-rules.ts), as when it was made. */
  holdLapsed: (b: NoticeBooking): ClientNotice => ({
    profileId: b.clientProfileId,
    type: 'booking',
    message: `Booking ${b.reference} was cancelled: it was not paid within its ${holdMinutesFor(heldHours(b.startTime, b.endTime))}-minute hold. ${about(b)}. Please book again.`,
    link: bookingLink(b.id),
  }),
} as const;

/** Rings the clients' bells with these notices, in one statement (none: nothing written). */
export async function tellClients(db: Executor, notices: readonly ClientNotice[]): Promise<void> {
  await insertNotifications(db, [...notices]);
}
