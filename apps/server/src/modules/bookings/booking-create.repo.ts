import { and, eq, gt, lt, lte, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { guards } from '../../db/schema/guards.ts';
import { settings } from '../../db/schema/settings.ts';
import { notificationInsert, type NewNotification } from '../notifications/notifications.repo.ts';

/** Why a booking was cancelled when its unpaid hold ran out; money that arrives later may revive it. */
export const HOLD_EXPIRED_REASON = 'The unpaid hold expired';

export interface BookingContext {
  maxAdvanceBookingDays: number;
  /** The guard asked for, null when there is no such guard (or none was asked for). */
  guard: { approved: boolean; availability: boolean; rateHourly: number | null; rateDaily: number | null } | null;
}

/**
 * What pricing a booking needs from the database, in one round trip: the advance-booking limit
 * from the settings row and the requested guard's rates and standing.
 */
export async function findBookingContext(db: Database, guardProfileId: string | null): Promise<BookingContext> {
  const statement = preparedOnce(db, 'booking_context', (name) =>
    db
      .select({
        maxAdvanceBookingDays: settings.maxAdvanceBookingDays,
        approved: guards.approved,
        availability: guards.availability,
        rateHourly: guards.rateHourly,
        rateDaily: guards.rateDaily,
      })
      .from(settings)
      .leftJoin(guards, eq(guards.profileId, sql.placeholder('guardProfileId')))
      .where(eq(settings.id, 1))
      .prepare(name),
  );
  const [row] = await statement.execute({ guardProfileId });
  if (!row) throw new Error('The settings row is missing; migrations have not been applied');
  const { maxAdvanceBookingDays, approved, availability, rateHourly, rateDaily } = row;
  return { maxAdvanceBookingDays, guard: approved === null || availability === null ? null : { approved, availability, rateHourly, rateDaily } };
}

/** What the client is told about a released hold. */
const releasedColumns = {
  id: bookings.id,
  reference: bookings.reference,
  clientProfileId: bookings.clientProfileId,
  serviceType: bookings.serviceType,
  bookingType: bookings.bookingType,
  startTime: bookings.startTime,
  endTime: bookings.endTime,
};

/**
 * Frees the slot of holds that ran out but that the hold sweep has not cancelled yet, so a hold
 * never outlives its 30 minutes for the next client, whatever the job's delay.
 */
export function cancelLapsedHoldsOverlapping(db: Executor, guardProfileId: string, start: Date, end: Date, now: Date) {
  return db
    .update(bookings)
    .set({ status: 'cancelled', cancelledAt: now, cancelledReason: HOLD_EXPIRED_REASON, updatedAt: now })
    .where(
      and(
        eq(bookings.guardProfileId, guardProfileId),
        eq(bookings.status, 'pending'),
        lte(bookings.holdExpiresAt, now),
        lt(bookings.startTime, end),
        gt(bookings.endTime, start),
      ),
    )
    .returning(releasedColumns);
}

export type NewBooking = typeof bookings.$inferInsert;

/**
 * Stores the booking and the client's notice of it in one statement (a data-modifying WITH): both
 * are written or neither, at the cost of one round trip.
 */
export async function insertBooking(db: Executor, values: NewBooking, notice: NewNotification) {
  const told = db.$with('client_notice').as(notificationInsert(db, notice));
  const [row] = await db.with(told).insert(bookings).values(values).returning();
  if (!row) throw new Error('The booking was not stored');
  return row;
}

/** Pending bookings whose unpaid hold ran out: cancelled, which frees their slot. */
export function cancelLapsedHolds(db: Executor, now: Date) {
  return db
    .update(bookings)
    .set({ status: 'cancelled', cancelledAt: now, cancelledReason: HOLD_EXPIRED_REASON, updatedAt: now })
    .where(and(eq(bookings.status, 'pending'), lte(bookings.holdExpiresAt, now), sql`${bookings.paymentStatus} <> 'paid'`))
    .returning(releasedColumns);
}
