/**
 * The booking's two status machines (docs: DECISIONS.md, Bookings). The server refuses every move
 * not listed here; staying in the same status is not a move either.
 */
import type { BookingPaymentStatus, BookingStatus } from '../constants.ts';

/** pending → confirmed (payment) | cancelled; confirmed → completed | cancelled. */
export const BOOKING_STATUS_MOVES: Readonly<Record<BookingStatus, readonly BookingStatus[]>> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

/** unpaid → pending (checkout started) → paid | failed; failed → pending (retry); paid → refunded. */
export const PAYMENT_STATUS_MOVES: Readonly<Record<BookingPaymentStatus, readonly BookingPaymentStatus[]>> = {
  unpaid: ['pending'],
  pending: ['paid', 'failed'],
  failed: ['pending'],
  paid: ['refunded'],
  refunded: [],
};

export function canMoveBooking(from: BookingStatus, to: BookingStatus): boolean {
  return (BOOKING_STATUS_MOVES[from] as readonly BookingStatus[] | undefined)?.includes(to) ?? false;
}

export function canMovePayment(from: BookingPaymentStatus, to: BookingPaymentStatus): boolean {
  return (PAYMENT_STATUS_MOVES[from] as readonly BookingPaymentStatus[] | undefined)?.includes(to) ?? false;
}

/** A refused status move; the server answers it with 409 and the message. */
export class StatusMoveError extends Error {
  override readonly name = 'StatusMoveError';
  readonly code = 'INVALID_STATUS_MOVE';

  readonly machine: 'booking' | 'payment';
  readonly from: string;
  readonly to: string;

  constructor(machine: 'booking' | 'payment', from: string, to: string) {
    super(
      machine === 'booking'
        ? `A ${from} booking cannot be marked ${to}.`
        : `The payment status of a booking cannot change from ${from} to ${to}.`,
    );
    this.machine = machine;
    this.from = from;
    this.to = to;
  }
}

export function assertBookingMove(from: BookingStatus, to: BookingStatus): void {
  if (!canMoveBooking(from, to)) throw new StatusMoveError('booking', from, to);
}

export function assertPaymentMove(from: BookingPaymentStatus, to: BookingPaymentStatus): void {
  if (!canMovePayment(from, to)) throw new StatusMoveError('payment', from, to);
}

export const PENDING_PAYMENT_LABEL = 'Pending Payment';

/**
 * What the dashboards show as the booking's status: a pending booking that is not paid yet
 * (unpaid, checkout started or payment failed) reads 'Pending Payment'; anything else its status.
 */
export function bookingDisplayStatus(
  status: BookingStatus,
  paymentStatus: BookingPaymentStatus,
): BookingStatus | typeof PENDING_PAYMENT_LABEL {
  if (status === 'pending' && (paymentStatus === 'unpaid' || paymentStatus === 'pending' || paymentStatus === 'failed')) {
    return PENDING_PAYMENT_LABEL;
  }
  return status;
}
