/**
 * Confirming the booking a payment paid for, inside the settling transaction. A booking whose
 * hold lapsed is confirmed too when its slot is still free: the exclusion constraint on the
 * guard's bookings decides, exactly as it does for two clients booking at once.
 */
import { assertBookingMove, assertPaymentMove } from '@ops/shared/domain/booking-status';
import { commissionAmount } from '@ops/shared/domain/pricing';
import type { Transaction } from '../../db/client.ts';
import { isExclusionViolation } from '../../lib/db-errors.ts';
import type { Logger } from '../../lib/logger.ts';
import { HOLD_EXPIRED_REASON } from '../bookings/booking-create.repo.ts';
import { releaseLapsedHoldsOverlapping } from '../bookings/booking-holds.service.ts';
import { bookingLink, CLIENT_NOTICES, tellClients } from '../notifications/client-notices.ts';
import { notify } from '../notifications/notifications.service.ts';
import { getSettings } from '../settings/settings.repo.ts';
import { bookingConfirmedMessage } from './booking-messages.ts';
import { adminLink } from './payment-common.ts';
import { adminProfileIds, findBookingSummary, updateBooking, type BookingRow } from './payment-bookings.repo.ts';

const hasMoney = (b: BookingRow) => b.paymentStatus === 'paid' || b.paymentStatus === 'refunded';

/** Cancelled only because nobody paid in time, and not over yet: late money may still buy it. */
const isLapsedHold = (b: BookingRow, now: Date) =>
  b.status === 'cancelled' && b.cancelledReason === HOLD_EXPIRED_REASON && !hasMoney(b) && b.startTime > now;

/** Why the money goes back, in words for the client (also sent to the provider with the refund). */
export function refundReason(booking: BookingRow, now: Date): string {
  if (booking.status === 'confirmed' || booking.status === 'completed' || booking.paymentStatus === 'paid') {
    return `Booking ${booking.reference} had already been paid, so this second payment is refunded in full.`;
  }
  if (booking.startTime <= now) return `The payment for booking ${booking.reference} arrived after the booking's start time, so it is refunded in full.`;
  if (booking.cancelledReason === HOLD_EXPIRED_REASON) {
    return `The payment for booking ${booking.reference} arrived after its 30-minute hold had expired and the guard had been booked for that time by someone else, so it is refunded in full.`;
  }
  return `Booking ${booking.reference} had been cancelled before the payment arrived, so it is refunded in full.`;
}

/** Marks the booking confirmed and paid; null when this booking cannot take the money. */
export async function confirmPaidBooking(tx: Transaction, booking: BookingRow, now: Date, logger: Logger): Promise<{ clientPhone: string | null } | null> {
  const { platformCommissionBasisPoints } = await getSettings(tx);
  const confirmation = {
    status: 'confirmed' as const,
    paymentStatus: 'paid' as const,
    confirmedAt: now,
    commissionAmount: commissionAmount(booking.price, platformCommissionBasisPoints),
  };

  if (booking.status === 'pending' && !hasMoney(booking)) {
    assertBookingMove(booking.status, 'confirmed');
    // unpaid or failed would be a second move; the money is here, so the booking is paid either way.
    if (booking.paymentStatus === 'pending') assertPaymentMove('pending', 'paid');
    else logger.warn({ bookingId: booking.id, paymentStatus: booking.paymentStatus }, 'payment completed for a booking not marked pending payment');
    await updateBooking(tx, booking.id, confirmation, now);
  } else if (isLapsedHold(booking, now)) {
    // cancelled → confirmed is refused by the status machine on purpose; this is the one explicit exception.
    if (!(await reviveLapsedBooking(tx, booking, { ...confirmation, cancelledAt: null, cancelledReason: null }, now))) return null;
    logger.info({ bookingId: booking.id }, 'payment arrived after the hold expired; the slot was still free, booking confirmed');
  } else {
    return null;
  }

  const summary = await findBookingSummary(tx, booking.id);
  if (!summary) throw new Error(`booking ${booking.id} vanished while being confirmed`);
  const message = bookingConfirmedMessage(summary);
  await tellClients(tx, [CLIENT_NOTICES.confirmed(summary, summary.price)]);
  if (summary.guardProfileId) await notify(tx, [summary.guardProfileId], 'booking_confirmed', message, bookingLink(summary.id));
  await notify(tx, await adminProfileIds(tx), 'booking_confirmed', message, adminLink);
  return { clientPhone: summary.clientPhone };
}

/** In a savepoint, so a refusal by the exclusion constraint leaves the outer transaction usable. */
async function reviveLapsedBooking(tx: Transaction, booking: BookingRow, changes: Parameters<typeof updateBooking>[2], now: Date): Promise<boolean> {
  try {
    await tx.transaction(async (savepoint) => {
      // Other holds that ran out but are not cancelled yet must not keep the slot from a paying client.
      if (booking.guardProfileId) await releaseLapsedHoldsOverlapping(savepoint, booking.guardProfileId, booking.startTime, booking.endTime, now);
      await updateBooking(savepoint, booking.id, changes, now);
    });
    return true;
  } catch (err) {
    if (isExclusionViolation(err, 'bookings_guard_no_overlap')) return false;
    throw err;
  }
}
