import { z } from 'zod';

/** A client's review of the guard of one of their completed bookings. */
export const createReviewInput = z.object({
  bookingId: z.uuid({ error: 'Choose the booking you are reviewing' }),
  rating: z
    .number({ error: 'Choose a rating from 1 to 5 stars' })
    .int('Choose a rating from 1 to 5 stars')
    .min(1, 'Choose a rating from 1 to 5 stars')
    .max(5, 'Choose a rating from 1 to 5 stars'),
  comment: z
    .string()
    .trim()
    .max(2000, 'The comment must be at most 2,000 characters')
    .nullable()
    .default(null)
    .transform((v) => (v ? v : null)),
});
export type CreateReviewInput = z.input<typeof createReviewInput>;
export type CreateReviewData = z.output<typeof createReviewInput>;
