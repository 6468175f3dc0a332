import type { NewBookingDto } from '@ops/shared/schemas/bookings';

/** The product's words for a booking that could not be created (spec §8). */
export const BOOKING_FAILED_TITLE = 'Booking Failed';
export const BOOKING_FAILED = 'There was an error creating your booking. Please try again.';
/** The wizards' toast once the booking is made, pending its payment (spec §8). */
export const BOOKING_CREATED_TITLE = 'Booking Created!';

type HeldBooking = Pick<NewBookingDto, 'reference' | 'holdExpiresAt'>;

/**
 * How long the new booking stays held, read from the server's holdExpiresAt (30 minutes, or 10 for
 * a booking longer than a day): '10 minutes', never less than '1 minute'.
 */
export function holdTimeLeft(booking: HeldBooking, now: number = Date.now()): string {
  const minutes = Math.max(1, Math.round((new Date(booking.holdExpiresAt).getTime() - now) / 60_000));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export const bookingCreatedDetail = (booking: HeldBooking, now?: number) =>
  `Booking ${booking.reference} is held for you for ${holdTimeLeft(booking, now)}. Complete payment to confirm it.`;

/** The single-page form's payment step, under its title. */
export const bookingHeldWhilePaying = (booking: HeldBooking, now?: number) =>
  `Booking ${booking.reference} is held for you for ${holdTimeLeft(booking, now)} while you pay.`;
