/** The product's words for a booking that could not be created (spec §8). */
export const BOOKING_FAILED_TITLE = 'Booking Failed';
export const BOOKING_FAILED = 'There was an error creating your booking. Please try again.';
