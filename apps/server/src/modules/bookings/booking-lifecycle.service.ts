/**
 * The one owner of a booking's status and payment status (ARCHITECTURE: status changes). Every
 * change goes through the shared status machine, in the caller's transaction, on a booking the
 * caller has locked (lockBooking). Payments, notifications and the console call these functions;
 * nobody else writes those two columns.
 */
import {
  assertBookingChange,
  HOLD_EXPIRED_REASON,
  StatusMoveError,
  type BookingException,
  type BookingStatuses,
  type CompletionCheck,
} from '@ops/shared/domain/booking-status';
import type { CancelledBy } from '@ops/shared/domain/cancellation-policy';
import { rescheduleRefusal, type ReschedulePolicy } from '@ops/shared/domain/reschedule-policy';
import type { CompletionKind } from '@ops/shared/domain/shift-rules';
import type { Executor, Transaction } from '../../db/client.ts';
import { isGuardOverlap } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import { CLIENT_NOTICES, tellClients } from '../notifications/client-notices.ts';
import {
  cancelLapsedHolds,
  cancelLapsedHoldsOverlapping,
  countBookingGuards,
  findClientUnpaidHolds,
  lockBooking,
  writeMove,
  writeStatusChange,
  type BookingRow,
  type StatusChanges,
} from './booking-lifecycle.repo.ts';

export { HOLD_EXPIRED_REASON, lockBooking, type BookingRow };

/** Where every booking starts: pending and unpaid, holding its slot until paid or expired. */
export const NEW_BOOKING_STATUSES = { status: 'pending', paymentStatus: 'unpaid' } as const satisfies BookingStatuses;

/** Checks the change with the machine (a refused one is a 409 with its words) and writes it. */
async function change(
  db: Executor,
  booking: BookingRow,
  to: BookingStatuses & StatusChanges,
  now: Date,
  completion?: CompletionCheck,
): Promise<'move' | BookingException> {
  let allowed: 'move' | BookingException;
  try {
    allowed = assertBookingChange(booking, to, completion);
  } catch (err) {
    if (err instanceof StatusMoveError) throw AppError.conflict(err.message);
    throw err;
  }
  await writeStatusChange(db, booking.id, to, now);
  Object.assign(booking, to);
  return allowed;
}

const hasMoney = (b: BookingRow) => b.paymentStatus === 'paid' || b.paymentStatus === 'refunded';

/** Cancelled only because nobody paid in time, and not started yet: late money may still buy it. */
export const isLapsedHold = (b: BookingRow, now: Date) =>
  b.status === 'cancelled' && b.cancelledReason === HOLD_EXPIRED_REASON && !hasMoney(b) && b.startTime > now;

/** Checkout started (or started again after a failure): payment status pending. A no-op when it already is. */
export async function startPayment(tx: Transaction, booking: BookingRow, now: Date): Promise<void> {
  if (booking.paymentStatus === 'pending') return;
  await change(tx, booking, { status: booking.status, paymentStatus: 'pending' }, now);
}

/**
 * The money owed has arrived: the booking is confirmed and paid. A pending booking always can be;
 * a lapsed hold only while its guard is still free (checked by the database's overlap constraint in
 * a savepoint, so a refusal leaves the caller's transaction usable). False when this booking cannot
 * take the money (the caller gives it back).
 */
export async function markPaid(tx: Transaction, booking: BookingRow, paid: { commissionAmount: number }, now: Date, logger: Logger): Promise<boolean> {
  const to = { status: 'confirmed' as const, paymentStatus: 'paid' as const, confirmedAt: now, commissionAmount: paid.commissionAmount };
  if (booking.status === 'pending' && !hasMoney(booking)) {
    const allowed = await change(tx, booking, to, now);
    if (allowed === 'moneyArrivesForAnEndedAttempt') logger.warn({ bookingId: booking.id }, 'payment completed for a booking not marked pending payment');
    return true;
  }
  if (!isLapsedHold(booking, now)) return false;
  try {
    await tx.transaction(async (savepoint) => {
      // Other holds that ran out but are not cancelled yet must not keep the slot from a paying client.
      if (booking.guardProfileId) await releaseLapsedHoldsOverlapping(savepoint, booking.guardProfileId, booking.startTime, booking.endTime, now);
      await change(savepoint, { ...booking }, { ...to, cancelledAt: null, cancelledReason: null, cancelledBy: null }, now);
    });
  } catch (err) {
    if (isGuardOverlap(err)) return false;
    throw err;
  }
  Object.assign(booking, to, { cancelledAt: null, cancelledReason: null, cancelledBy: null });
  logger.info({ bookingId: booking.id }, 'payment arrived after the hold expired; the slot was still free, booking confirmed');
  return true;
}

/** The payment under way failed and no other attempt may bring the money. False when none was under way. */
export async function markPaymentFailed(tx: Transaction, booking: BookingRow, now: Date): Promise<boolean> {
  if (booking.paymentStatus !== 'pending') return false;
  await change(tx, booking, { status: booking.status, paymentStatus: 'failed' }, now);
  return true;
}

/**
 * Money came for a cancelled booking that cannot take it and goes back in full: its payment status
 * reads refunded. False (nothing written) for a booking that is not cancelled or already has money.
 */
export async function markLateMoneyReturned(tx: Transaction, booking: BookingRow, now: Date): Promise<boolean> {
  if (booking.status !== 'cancelled' || hasMoney(booking)) return false;
  await change(tx, booking, { status: 'cancelled', paymentStatus: 'refunded' }, now);
  return true;
}

/**
 * A paid booking is cancelled and its money given back: cancelled and refunded, with the reason. A
 * booking cancelled before (and still paid) keeps when and why it was cancelled.
 */
export async function markRefunded(tx: Transaction, booking: BookingRow, reason: string, now: Date, by: CancelledBy = 'admin'): Promise<void> {
  const cancelled =
    booking.status === 'cancelled'
      ? { cancelledAt: booking.cancelledAt, cancelledReason: booking.cancelledReason, cancelledBy: booking.cancelledBy }
      : { cancelledAt: now, cancelledReason: reason, cancelledBy: by };
  await change(tx, booking, { status: 'cancelled', paymentStatus: 'refunded', ...cancelled }, now);
}

/**
 * Cancelled with its reason and who did it; the payment status stays (a paid one is refunded with
 * markRefunded, or with `paymentStatus` when the refund is decided in the same step).
 */
export async function cancel(
  tx: Transaction,
  booking: BookingRow,
  reason: string,
  now: Date,
  by: CancelledBy,
  paymentStatus: BookingRow['paymentStatus'] = booking.paymentStatus,
): Promise<void> {
  await change(tx, booking, { status: 'cancelled', paymentStatus, cancelledAt: now, cancelledReason: reason, cancelledBy: by }, now);
}

/**
 * A confirmed booking whose job is done: only once it has ended (by the app's clock) and with every
 * guard it was booked with on it; otherwise a 409 with the machine's reason and nothing written.
 * `kind` says how (decision 029): the shift watch completes bookings on their own, an admin by hand.
 */
export async function complete(tx: Transaction, booking: BookingRow, now: Date, kind: CompletionKind = 'admin'): Promise<void> {
  const completion: CompletionCheck = {
    booking: { endTime: booking.endTime, teamSize: booking.teamSize, guardsOn: await countBookingGuards(tx, booking.id) },
    now,
  };
  await change(tx, booking, { status: 'completed', paymentStatus: booking.paymentStatus, completedAt: now, completionKind: kind }, now, completion);
}

/**
 * A paid, confirmed booking moves to a new start with the same length (decision 030); its status
 * stays. Refused with the policy's words (409) when the policy in force (Settings, read by the
 * caller) does not allow it now. The database's overlap rule refuses a guard who is not free then
 * (the caller answers for it).
 */
export async function moveBooking(
  tx: Transaction,
  booking: BookingRow,
  times: { startTime: Date; endTime: Date },
  now: Date,
  policy: ReschedulePolicy,
): Promise<void> {
  const refusal = rescheduleRefusal(policy, booking, now);
  if (refusal) throw AppError.conflict(refusal);
  await writeMove(tx, booking.id, times, now);
  Object.assign(booking, times, { rescheduleCount: booking.rescheduleCount + 1, calendarSequence: booking.calendarSequence + 1, updatedAt: now });
}

/** An admin confirms a pending booking (for instance once it is staffed); the payment status stays. */
export async function confirm(tx: Transaction, booking: BookingRow, now: Date): Promise<void> {
  await change(tx, booking, { status: 'confirmed', paymentStatus: booking.paymentStatus, confirmedAt: now }, now);
}

/** Every hold that ran out: cancelled (frees the slot), each client told, in `tx`. */
export async function expireLapsedHolds(tx: Executor, now: Date): Promise<string[]> {
  const rows = await cancelLapsedHolds(tx, now);
  await tellClients(tx, rows.map(CLIENT_NOTICES.holdLapsed));
  return rows.map((r) => r.id);
}

/**
 * Frees a guard's time from holds that ran out but are not cancelled yet (the sweep runs once a
 * minute), for a booking or a late payment that wants it; their clients are told, in `tx`.
 */
export async function releaseLapsedHoldsOverlapping(tx: Executor, guardProfileId: string, start: Date, end: Date, now: Date): Promise<void> {
  const released = await cancelLapsedHoldsOverlapping(tx, guardProfileId, start, end, now);
  await tellClients(tx, released.map(CLIENT_NOTICES.holdLapsed));
}

/**
 * Cancels a client's unpaid holds with the reason, in `tx` (an admin blocked the account), and
 * returns them. A hold whose checkout is already under way at the provider is left to settle, as
 * on account deletion: the money confirms it, or the hold lapses like any other.
 */
export async function releaseClientHolds(tx: Transaction, clientProfileId: string, reason: string, now: Date): Promise<BookingRow[]> {
  const released: BookingRow[] = [];
  for (const { id } of await findClientUnpaidHolds(tx, clientProfileId)) {
    const booking = await lockBooking(tx, id);
    // Still an unpaid hold once locked: a checkout that started meanwhile is not cut short.
    if (!booking || booking.status !== 'pending' || !(booking.paymentStatus === 'unpaid' || booking.paymentStatus === 'failed')) continue;
    await cancel(tx, booking, reason, now, 'admin');
    released.push(booking);
  }
  return released;
}
