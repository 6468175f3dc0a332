import type { ReviewDto } from '@ops/shared/schemas/guards';
import type { CreateReviewData } from '@ops/shared/schemas/reviews';
import type { Database, Executor } from '../../db/client.ts';
import type { Viewer } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { assertGuardVisible } from '../guards/guards.service.ts';
import { findGuardReviews, findReviewById, insertReview, lockBooking, lockGuard, refreshGuardRating, findReviewOfBooking } from './reviews.repo.ts';

export const GUARD_REVIEWS_LIMIT = 50;

interface ReviewRow {
  id: string;
  rating: number;
  comment: string | null;
  createdAt: Date;
  fullName: string;
  isCompany: boolean;
  companyName: string | null;
}

function toReviewDto(row: ReviewRow): ReviewDto {
  return {
    id: row.id,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    // A company client reviews as the company, as the profile page shows it.
    reviewerName: row.isCompany && row.companyName ? row.companyName : row.fullName,
  };
}

/** The reviews of a guard this viewer may see (a guest, null: approved guards only), newest first. */
export async function listGuardReviews(db: Executor, viewer: Viewer | null, guardProfileId: string): Promise<ReviewDto[]> {
  await assertGuardVisible(db, viewer, guardProfileId);
  const rows = await findGuardReviews(db, guardProfileId, GUARD_REVIEWS_LIMIT);
  return rows.map(toReviewDto);
}

/**
 * A client reviews the guard of one of their completed bookings, once. The review and the guard's
 * rating summary are written together; the unique index on the booking settles any race.
 */
export async function createReview(db: Database, clientProfileId: string, input: CreateReviewData, now: Date): Promise<ReviewDto> {
  const reviewId = await db.transaction(async (tx) => {
    const booking = await lockBooking(tx, input.bookingId);
    if (!booking) throw AppError.notFound('Booking not found');
    if (booking.clientProfileId !== clientProfileId) throw AppError.forbidden('You can review only your own bookings');
    if (booking.status !== 'completed' || !booking.guardProfileId) {
      throw AppError.conflict('You can review a guard only after a completed booking');
    }
    await lockGuard(tx, booking.guardProfileId);
    let id: string;
    try {
      id = await insertReview(tx, {
        bookingId: input.bookingId,
        guardProfileId: booking.guardProfileId,
        clientProfileId,
        rating: input.rating,
        comment: input.comment,
        createdAt: now,
      });
    } catch (err) {
      if (isUniqueViolation(err, 'reviews_booking_id_key')) throw AppError.conflict('You have already reviewed this booking');
      throw err;
    }
    await refreshGuardRating(tx, booking.guardProfileId, now);
    return id;
  });
  const created = await findReviewById(db, reviewId);
  if (!created) throw new Error('review vanished after insert');
  return toReviewDto(created);
}

/** Whether the client of a completed booking may still review it (the same conditions POST /api/reviews checks). */
export async function reviewOpen(db: Executor, booking: { id: string; status: string; guardProfileId: string | null }): Promise<boolean> {
  return booking.status === 'completed' && booking.guardProfileId !== null && (await findReviewOfBooking(db, booking.id)) === null;
}
