/**
 * A client drops a booking of theirs that is still waiting for its money (decision 030): the hold
 * is released at once, so the guard's time is free for anyone and the client's unpaid holds count
 * one fewer. A checkout already under way is not stopped at the provider: money that arrives for
 * the cancelled booking goes back through the late-money path (payment-settle). A paid booking is
 * not cancelled here.
 */
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import { cancel, lockBooking } from './booking-lifecycle.service.ts';
import { BOOKING_NOT_FOUND } from './booking-staffing.service.ts';

export const CLIENT_UNPAID_CANCEL_REASON = 'Cancelled by the client before paying';
export const ALREADY_CANCELLED_MESSAGE = 'This booking is already cancelled.';
export const PAID_CANCEL_MESSAGE = 'This booking is paid. To cancel it, call or WhatsApp the OPS office.';
export const ENDED_CANCEL_MESSAGE = 'This booking is complete and cannot be cancelled.';

export interface CancelledBooking {
  id: string;
  reference: string;
  status: 'cancelled';
}

export async function cancelUnpaidBooking(db: Database, logger: Logger, clientProfileId: string, bookingId: string, now: Date): Promise<CancelledBooking> {
  return db.transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    // Another client's booking is answered as one that does not exist.
    if (!booking || booking.clientProfileId !== clientProfileId) throw AppError.notFound(BOOKING_NOT_FOUND);
    if (booking.status === 'cancelled') throw AppError.conflict(ALREADY_CANCELLED_MESSAGE);
    if (booking.status === 'completed') throw AppError.conflict(ENDED_CANCEL_MESSAGE);
    if (booking.status === 'confirmed' || booking.paymentStatus === 'paid' || booking.paymentStatus === 'refunded') {
      throw AppError.conflict(PAID_CANCEL_MESSAGE);
    }
    const checkoutUnderWay = booking.paymentStatus === 'pending';
    await cancel(tx, booking, CLIENT_UNPAID_CANCEL_REASON, now);
    logger.info({ bookingId: booking.id, checkoutUnderWay }, 'client cancelled an unpaid booking');
    return { id: booking.id, reference: booking.reference, status: 'cancelled' };
  });
}
