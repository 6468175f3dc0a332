/**
 * Confirming the booking a payment paid for, inside the settling transaction, through the
 * bookings' lifecycle: a booking whose hold lapsed is confirmed too when its slot is still free.
 */
import { commissionAmount } from '@ops/shared/domain/pricing';
import type { Transaction } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import { HOLD_EXPIRED_REASON, markPaid, type BookingRow } from '../bookings/booking-lifecycle.service.ts';
import { bookingLink, CLIENT_NOTICES, tellClients } from '../notifications/client-notices.ts';
import { heldHours, holdMinutesFor } from '@ops/shared/domain/booking-rules';
import { notify, notifyAdmins } from '../notifications/notifications.service.ts';
import { getSettings } from '../settings/settings.service.ts';
import { bookingConfirmedMessage } from './booking-messages.ts';
import { adminLink } from './payment-common.ts';
import { findBookingSummary } from './payment-bookings.repo.ts';

/** Why the money goes back, in words for the client (also sent to the provider with the refund). */
export function refundReason(booking: BookingRow, now: Date): string {
  if (booking.status === 'confirmed' || booking.status === 'completed' || booking.paymentStatus === 'paid') {
    return `Booking ${booking.reference} had already been paid, so this second payment is refunded in full.`;
  }
  if (booking.startTime <= now) return `The payment for booking ${booking.reference} arrived after the booking's start time, so it is refunded in full.`;
  if (booking.cancelledReason === HOLD_EXPIRED_REASON) {
    return `The payment for booking ${booking.reference} arrived after its ${holdMinutesFor(heldHours(booking.startTime, booking.endTime))}-minute hold had expired and the guard had been booked for that time by someone else, so it is refunded in full.`;
  }
  return `Booking ${booking.reference} had been cancelled before the payment arrived, so it is refunded in full.`;
}

/** Marks the booking confirmed and paid; null when this booking cannot take the money. */
export async function confirmPaidBooking(
  tx: Transaction,
  booking: BookingRow,
  now: Date,
  logger: Logger,
): Promise<{ clientPhone: string | null; commissionAmount: number } | null> {
  const { platformCommissionBasisPoints } = await getSettings(tx);
  const commission = commissionAmount(booking.price, platformCommissionBasisPoints);
  if (!(await markPaid(tx, booking, { commissionAmount: commission }, now, logger))) return null;

  const summary = await findBookingSummary(tx, booking.id);
  if (!summary) throw new Error(`booking ${booking.id} vanished while being confirmed`);
  const message = bookingConfirmedMessage(summary);
  await tellClients(tx, [CLIENT_NOTICES.confirmed(summary, summary.price)]);
  if (summary.guardProfileId) await notify(tx, [summary.guardProfileId], 'booking_confirmed', message, bookingLink(summary.id));
  await notifyAdmins(tx, 'booking_confirmed', message, adminLink);
  return { clientPhone: summary.clientPhone, commissionAmount: commission };
}
