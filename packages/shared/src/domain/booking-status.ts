/**
 * The booking's two status machines (docs: DECISIONS.md, Bookings). The server refuses every move
 * not listed here; staying in the same status is not a move either.
 */
import type { BookingPaymentStatus, BookingStatus } from '../constants.ts';
import { nairobiDateTimeText } from './date-text.ts';

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

  /** `reason`: why a move the table allows cannot happen now (completing a booking before its end). */
  constructor(machine: 'booking' | 'payment', from: string, to: string, reason?: string) {
    super(
      reason ??
        (machine === 'booking' ? `A ${from} booking cannot be marked ${to}.` : `The payment status of a booking cannot change from ${from} to ${to}.`),
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

/** What completing a booking depends on besides its status: when it ends, and how many of its guards were on it. */
export interface CompletionFacts {
  endTime: Date;
  teamSize: number;
  /** Guards on the booking (booking_guards), the booking's own guard included. */
  guardsOn: number;
}

/** The facts of the booking being completed and the app's clock: the machine cannot decide completion without them. */
export interface CompletionCheck {
  booking: CompletionFacts;
  now: Date;
}

/**
 * Why a booking cannot be marked completed at `now`, or null. Completed says the job happened as
 * booked, cannot be undone, counts in the revenue and ends the refund: so never before the booking's
 * end, and never while guards it was booked with were missing (decision 020: such a booking is
 * refunded or cancelled instead).
 */
export function completionRefusal(booking: CompletionFacts, now: Date): string | null {
  if (now.getTime() < booking.endTime.getTime()) {
    return `A booking can be marked completed only once it has ended: this one ends on ${nairobiDateTimeText(booking.endTime)}.`;
  }
  if (booking.guardsOn < booking.teamSize) {
    const guards = `${booking.teamSize} guard${booking.teamSize === 1 ? '' : 's'}`;
    return `This booking had ${booking.guardsOn} of the ${guards} it was booked with, so it cannot be marked completed: refund it from Payments or cancel it.`;
  }
  return null;
}

/** Why a booking was cancelled when its unpaid hold ran out; money that arrives later may revive it. */
export const HOLD_EXPIRED_REASON = 'The unpaid hold expired';

/** A booking's two statuses together, and why it was cancelled (some exceptions depend on it). */
export interface BookingState {
  status: BookingStatus;
  paymentStatus: BookingPaymentStatus;
  cancelledReason: string | null;
}

export type BookingStatuses = Pick<BookingState, 'status' | 'paymentStatus'>;

const NOT_PAID: readonly BookingPaymentStatus[] = ['unpaid', 'pending', 'failed'];

/**
 * The real-world changes the two tables cannot express, each allowed only in its situation
 * (DECISIONS.md, Bookings: money that arrives late is never lost).
 */
export const BOOKING_EXCEPTIONS = {
  /**
   * A hold cancelled because nobody paid in 30 minutes, paid late: cancelled → confirmed and paid.
   * Only when the guard is still free, which the database's overlap constraint decides at the write.
   */
  lateMoneyRevivesLapsedHold: (from: BookingState, to: BookingStatuses) =>
    from.status === 'cancelled' &&
    from.cancelledReason === HOLD_EXPIRED_REASON &&
    NOT_PAID.includes(from.paymentStatus) &&
    to.status === 'confirmed' &&
    to.paymentStatus === 'paid',
  /** Money for a booking that cannot take it (cancelled, slot taken) arrives and goes back at once. */
  lateMoneyReturned: (from: BookingState, to: BookingStatuses) =>
    from.status === 'cancelled' && NOT_PAID.includes(from.paymentStatus) && to.status === 'cancelled' && to.paymentStatus === 'refunded',
  /**
   * The provider confirms money while the booking no longer shows a payment under way (an attempt
   * closed as failed that was paid after all): the money is here, so the booking is paid.
   */
  moneyArrivesForAnEndedAttempt: (from: BookingState, to: BookingStatuses) =>
    from.status === 'pending' &&
    (from.paymentStatus === 'unpaid' || from.paymentStatus === 'failed') &&
    to.status === 'confirmed' &&
    to.paymentStatus === 'paid',
} as const;

export type BookingException = keyof typeof BOOKING_EXCEPTIONS;

const completes = (from: BookingState, to: BookingStatuses) => to.status === 'completed' && from.status !== 'completed';

/**
 * Whether a booking may change from `from` to `to`: 'move' when each status that changes makes a move
 * of its table (a refunded payment leaves the booking cancelled), the exception's name when one of
 * the exceptions applies, null otherwise. Staying exactly as it is is not a change. Completing also
 * needs `completion` (the booking's end and guards, and the clock), and completionRefusal's consent.
 */
export function bookingChange(from: BookingState, to: BookingStatuses, completion?: CompletionCheck): 'move' | BookingException | null {
  const statusMoves = from.status !== to.status;
  const paymentMoves = from.paymentStatus !== to.paymentStatus;
  if (!statusMoves && !paymentMoves) return null;
  if (completes(from, to) && (!completion || completionRefusal(completion.booking, completion.now))) return null;
  const plain =
    (!statusMoves || canMoveBooking(from.status, to.status)) &&
    (!paymentMoves || canMovePayment(from.paymentStatus, to.paymentStatus)) &&
    (to.paymentStatus !== 'refunded' || to.status === 'cancelled');
  if (plain) return 'move';
  for (const name of Object.keys(BOOKING_EXCEPTIONS) as BookingException[]) {
    if (BOOKING_EXCEPTIONS[name](from, to)) return name;
  }
  return null;
}

/**
 * bookingChange, throwing StatusMoveError when it is null: naming the machine whose move is refused,
 * or saying why a booking that may be completed cannot be yet.
 */
export function assertBookingChange(from: BookingState, to: BookingStatuses, completion?: CompletionCheck): 'move' | BookingException {
  const change = bookingChange(from, to, completion);
  if (change) return change;
  if (from.status !== to.status && !canMoveBooking(from.status, to.status)) throw new StatusMoveError('booking', from.status, to.status);
  if (completes(from, to)) {
    const reason = completion
      ? completionRefusal(completion.booking, completion.now)
      : 'The booking cannot be marked completed without its end time and guards.';
    if (reason) throw new StatusMoveError('booking', from.status, to.status, reason);
  }
  throw new StatusMoveError('payment', from.paymentStatus, to.paymentStatus);
}

export const PENDING_PAYMENT_LABEL = 'Pending Payment';

/**
 * What the dashboards show as the booking's status: a pending booking that is not paid yet
 * (unpaid, checkout started or payment failed) reads 'Pending Payment'; anything else its status.
 */
export function bookingDisplayStatus(status: BookingStatus, paymentStatus: BookingPaymentStatus): BookingStatus | typeof PENDING_PAYMENT_LABEL {
  if (status === 'pending' && (paymentStatus === 'unpaid' || paymentStatus === 'pending' || paymentStatus === 'failed')) {
    return PENDING_PAYMENT_LABEL;
  }
  return status;
}
