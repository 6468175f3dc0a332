/**
 * The only SQL that writes bookings.status and bookings.payment_status. Called by the lifecycle
 * service alone, after the shared status machine has allowed the change.
 */
import { HOLD_EXPIRED_REASON } from '@ops/shared/domain/booking-status';
import { and, asc, eq, gt, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookingGuards } from '../../db/schema/booking-guards.ts';
import { bookings } from '../../db/schema/bookings.ts';

export type BookingRow = typeof bookings.$inferSelect;

/** What a status change may write besides the statuses: when and why it happened, and the commission. */
export type StatusChanges = Partial<
  Pick<
    BookingRow,
    'status' | 'paymentStatus' | 'confirmedAt' | 'completedAt' | 'completionKind' | 'cancelledAt' | 'cancelledReason' | 'cancelledBy' | 'commissionAmount'
  >
>;

export async function lockBooking(db: Executor, id: string): Promise<BookingRow | null> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).for('update');
  return row ?? null;
}

/** How many guards are on a booking (its own guard included: the mirror trigger keeps its row). */
export async function countBookingGuards(db: Executor, bookingId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(bookingGuards)
    .where(eq(bookingGuards.bookingId, bookingId));
  return row?.n ?? 0;
}

export async function writeStatusChange(db: Executor, id: string, changes: StatusChanges, now: Date): Promise<void> {
  await db
    .update(bookings)
    .set({ ...changes, updatedAt: now })
    .where(eq(bookings.id, id));
}

/** A paid booking moved to a new start: its times (the guards' rows follow by trigger), one more move, one more calendar sequence. */
export async function writeMove(db: Executor, id: string, times: { startTime: Date; endTime: Date }, now: Date): Promise<void> {
  await db
    .update(bookings)
    .set({
      ...times,
      rescheduleCount: sql`${bookings.rescheduleCount} + 1`,
      calendarSequence: sql`${bookings.calendarSequence} + 1`,
      updatedAt: now,
    })
    .where(eq(bookings.id, id));
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

// pending → cancelled is a move of the machine; the WHERE keeps it to pending bookings.
const cancelledByExpiry = (now: Date) => ({
  status: 'cancelled' as const,
  cancelledAt: now,
  cancelledReason: HOLD_EXPIRED_REASON,
  cancelledBy: 'system' as const,
  updatedAt: now,
});

/** Pending bookings of a guard overlapping [start, end) whose unpaid hold ran out: cancelled. */
export function cancelLapsedHoldsOverlapping(db: Executor, guardProfileId: string, start: Date, end: Date, now: Date) {
  return db
    .update(bookings)
    .set(cancelledByExpiry(now))
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

/** Pending bookings whose unpaid hold ran out: cancelled, which frees their slot. */
export function cancelLapsedHolds(db: Executor, now: Date) {
  return db
    .update(bookings)
    .set(cancelledByExpiry(now))
    .where(and(eq(bookings.status, 'pending'), lte(bookings.holdExpiresAt, now), sql`${bookings.paymentStatus} <> 'paid'`))
    .returning(releasedColumns);
}

/** A client's unpaid holds: pending bookings nobody is paying for (bookings_client_pending_idx). */
export function findClientUnpaidHolds(db: Executor, clientProfileId: string) {
  return (
    db
      .select({ id: bookings.id })
      .from(bookings)
      // Written as bookings_client_pending_idx's predicate, so that index answers it (see its note).
      .where(
        and(
          eq(bookings.clientProfileId, clientProfileId),
          sql`(${bookings.status} = 'pending') is true`,
          inArray(bookings.paymentStatus, ['unpaid', 'failed']),
        ),
      )
      .orderBy(asc(bookings.startTime), asc(bookings.id))
  );
}
