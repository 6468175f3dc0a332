/**
 * Replacing a guard on a booking being worked (decision 029): the operator on the Today board
 * sends someone else when a guard is late, a no-show or has to leave. The new guard passes the same
 * checks as staffing (deployment ready, credentialed, free: the overlap rule decides a race); the
 * old guard leaves the booking and the new one joins it in one transaction; both guards and the
 * client are told; audited as 'booking.replace_guard'. Two admins pressing it at once replace once.
 */
import { CANDIDATE_LIMIT, type BookingCandidates } from '@ops/shared/schemas/admin-bookings';
import type { Executor } from '../../db/client.ts';
import { isGuardOverlap } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { bookingLink } from '../notifications/client-notices.ts';
import { notify } from '../notifications/notifications.service.ts';
import { GUARD_BUSY_MESSAGE, retryTransientFailures } from './booking-create.service.ts';
import { lockBooking, type BookingRow } from './booking-lifecycle.service.ts';
import { deleteBookingGuard, findBooking, findBookingGuards, findCandidates, insertBookingGuards, replaceBookingGuard } from './booking-staffing.repo.ts';
import { BOOKING_NOT_FOUND, checkGuards, isLive, lastDayOf, tellGuards, type StaffAction } from './booking-staffing.service.ts';

export const ALREADY_REPLACED = 'This guard is no longer on this booking: someone has already replaced them.';
export const NOT_REPLACEABLE = 'Only a confirmed booking that has not ended can have a guard replaced.';

/** Guards who could take over on the booking (at most CANDIDATE_LIMIT, by name). */
export async function listReplacements(db: Executor, bookingId: string, q: string | undefined, now: Date): Promise<BookingCandidates> {
  const booking = await findBooking(db, bookingId);
  if (!booking) throw AppError.notFound(BOOKING_NOT_FOUND);
  if (booking.status !== 'confirmed' || !isLive(booking, now)) return { items: [], needed: 0 };
  const rows = await findCandidates(db, booking, lastDayOf(booking, now), q, CANDIDATE_LIMIT);
  return { needed: 1, items: rows.map((r) => ({ ...r, credentialsValidUntil: r.credentialsValidUntil ?? '' })) };
}

/** Who was replaced by whom on which booking: for the caller's own word to them, in the same transaction. */
export interface Replacement {
  booking: BookingRow;
  from: { profileId: string; fullName: string };
  to: { profileId: string; fullName: string };
}

/**
 * Puts `toGuardProfileId` on the booking in place of `fromGuardProfileId`, both guards and the
 * client told under the bell; `after` runs in the same transaction (the shift's texts to both
 * guards: a replacement is usually made in a hurry, and a bell is not enough to reach a guard).
 */
export async function replaceGuard(
  action: StaffAction,
  bookingId: string,
  fromGuardProfileId: string,
  toGuardProfileId: string,
  after?: (tx: Executor, replacement: Replacement) => Promise<void>,
): Promise<void> {
  const write = () =>
    action.db.transaction(async (tx) => {
      const booking = await lockBooking(tx, bookingId);
      if (!booking) throw AppError.notFound(BOOKING_NOT_FOUND);
      if (booking.status !== 'confirmed' || !isLive(booking, action.now)) throw AppError.conflict(NOT_REPLACEABLE);
      const on = await findBookingGuards(tx, bookingId);
      const leaving = on.find((g) => g.guardProfileId === fromGuardProfileId);
      if (!leaving) throw AppError.conflict(ALREADY_REPLACED);
      if (on.some((g) => g.guardProfileId === toGuardProfileId))
        throw AppError.conflict('That guard is already on this booking.', { toGuardProfileId: 'That guard is already on this booking.' });
      const names = await checkGuards(tx, booking, [toGuardProfileId], action.now);
      try {
        await tx.transaction(async (savepoint) => {
          if (booking.guardProfileId === fromGuardProfileId) {
            await replaceBookingGuard(savepoint, booking.id, fromGuardProfileId, toGuardProfileId, action.now);
          } else {
            await deleteBookingGuard(savepoint, booking.id, fromGuardProfileId);
            await insertBookingGuards(savepoint, booking, [toGuardProfileId], action.actor.profileId);
          }
        });
      } catch (err) {
        if (isGuardOverlap(err)) throw AppError.conflict(GUARD_BUSY_MESSAGE, { toGuardProfileId: GUARD_BUSY_MESSAGE });
        throw err;
      }
      const before = on.map((g) => g.guardProfileId);
      await recordAudit(tx, {
        actor: action.actor,
        action: 'booking.replace_guard',
        recordType: 'booking',
        recordId: booking.id,
        subjectProfileId: booking.clientProfileId,
        before: { guardProfileIds: before },
        after: { guardProfileIds: before.map((id) => (id === fromGuardProfileId ? toGuardProfileId : id)) },
      });
      const newName = names.get(toGuardProfileId) ?? 'Another guard';
      await notify(tx, [fromGuardProfileId], 'shift', `You are no longer on booking ${booking.reference}: ${newName} takes over.`);
      await tellGuards(tx, booking, [toGuardProfileId]);
      await notify(
        tx,
        [booking.clientProfileId],
        'shift',
        `Booking ${booking.reference}: ${newName} takes over from ${leaving.fullName}.`,
        bookingLink(booking.id),
      );
      await after?.(tx, {
        booking,
        from: { profileId: fromGuardProfileId, fullName: leaving.fullName },
        to: { profileId: toGuardProfileId, fullName: newName },
      });
    });
  await retryTransientFailures(write);
}
