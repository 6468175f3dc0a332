/** The product's words for a booking that could not be created (spec §8). */
export const BOOKING_FAILED_TITLE = 'Booking Failed';
export const BOOKING_FAILED = 'There was an error creating your booking. Please try again.';
/** The wizards' toast once the booking is made, pending its payment (spec §8). */
export const BOOKING_CREATED_TITLE = 'Booking Created!';
export const bookingCreatedDetail = (reference: string) => `Booking ${reference} is held for you for 30 minutes. Complete payment to confirm it.`;
