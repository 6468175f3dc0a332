import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { guards } from '../../db/schema/guards.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { reviews } from '../../db/schema/reviews.ts';

const reviewColumns = {
  id: reviews.id,
  rating: reviews.rating,
  comment: reviews.comment,
  createdAt: reviews.createdAt,
  fullName: profiles.fullName,
  isCompany: profiles.isCompany,
  companyName: profiles.companyName,
};

export function findGuardReviews(db: Executor, guardProfileId: string, limit: number) {
  const statement = preparedOnce(db, 'guard_reviews', (name) =>
    db
      .select(reviewColumns)
      .from(reviews)
      .innerJoin(profiles, eq(profiles.id, reviews.clientProfileId))
      .where(eq(reviews.guardProfileId, sql.placeholder('guardProfileId')))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(sql.placeholder('limit'))
      .prepare(name),
  );
  return statement.execute({ guardProfileId, limit });
}

export async function findReviewById(db: Executor, reviewId: string) {
  const [row] = await db.select(reviewColumns).from(reviews).innerJoin(profiles, eq(profiles.id, reviews.clientProfileId)).where(eq(reviews.id, reviewId));
  return row ?? null;
}

/** Locks the booking, so two reviews of it queue up and the second meets the first. */
export async function lockBooking(db: Executor, bookingId: string) {
  const [row] = await db
    .select({ clientProfileId: bookings.clientProfileId, guardProfileId: bookings.guardProfileId, status: bookings.status })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .for('update');
  return row ?? null;
}

/** Locks the guard's row, so concurrent reviews of one guard recompute the rating one after another. */
export async function lockGuard(db: Executor, guardProfileId: string) {
  await db.select({ id: guards.id }).from(guards).where(eq(guards.profileId, guardProfileId)).for('update');
}

export async function insertReview(
  db: Executor,
  values: { bookingId: string; guardProfileId: string; clientProfileId: string; rating: number; comment: string | null; createdAt: Date },
): Promise<string> {
  const [row] = await db.insert(reviews).values(values).returning({ id: reviews.id });
  if (!row) throw new Error('review not inserted');
  return row.id;
}

/** The rating summary the guard list sorts by, recomputed from the reviews themselves. */
export async function refreshGuardRating(db: Executor, guardProfileId: string, now: Date) {
  const ofGuard = sql`from ${reviews} where ${reviews.guardProfileId} = ${guardProfileId}`;
  await db
    .update(guards)
    .set({
      averageRating: sql`(select round(avg(${reviews.rating}), 2) ${ofGuard})`,
      reviewCount: sql`(select count(*)::int ${ofGuard})`,
      updatedAt: now,
    })
    .where(eq(guards.profileId, guardProfileId));
}

/** Whether the booking has its review already. */
export async function findReviewOfBooking(db: Executor, bookingId: string): Promise<{ id: string } | null> {
  const [row] = await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.bookingId, bookingId));
  return row ?? null;
}
