import { describe, expect, it } from 'vitest';
import { BOOKING_PAYMENT_STATUSES, BOOKING_STATUSES } from '../constants.ts';
import type { BookingPaymentStatus, BookingStatus } from '../constants.ts';
import {
  HOLD_EXPIRED_REASON,
  StatusMoveError,
  assertBookingChange,
  assertBookingMove,
  bookingChange,
  assertPaymentMove,
  bookingDisplayStatus,
  canMoveBooking,
  completionRefusal,
  canMovePayment,
  type BookingState,
  type CompletionCheck,
} from './booking-status.ts';

const allowedBookingMoves = new Set(['pending→confirmed', 'pending→cancelled', 'confirmed→completed', 'confirmed→cancelled']);
const allowedPaymentMoves = new Set(['unpaid→pending', 'pending→paid', 'pending→failed', 'failed→pending', 'paid→refunded']);

const bookingPairs = BOOKING_STATUSES.flatMap((from) =>
  BOOKING_STATUSES.map((to): [BookingStatus, BookingStatus, boolean] => [from, to, allowedBookingMoves.has(`${from}→${to}`)]),
);
const paymentPairs = BOOKING_PAYMENT_STATUSES.flatMap((from) =>
  BOOKING_PAYMENT_STATUSES.map((to): [BookingPaymentStatus, BookingPaymentStatus, boolean] => [from, to, allowedPaymentMoves.has(`${from}→${to}`)]),
);

describe('booking status moves (every pair)', () => {
  it.each(bookingPairs)('%s → %s allowed: %s', (from, to, allowed) => {
    expect(canMoveBooking(from, to)).toBe(allowed);
    if (allowed) expect(() => assertBookingMove(from, to)).not.toThrow();
    else expect(() => assertBookingMove(from, to)).toThrow(StatusMoveError);
  });

  it('has exactly the four moves of the decisions', () => {
    expect(bookingPairs.filter(([, , allowed]) => allowed)).toHaveLength(4);
  });
});

describe('payment status moves (every pair)', () => {
  it.each(paymentPairs)('%s → %s allowed: %s', (from, to, allowed) => {
    expect(canMovePayment(from, to)).toBe(allowed);
    if (allowed) expect(() => assertPaymentMove(from, to)).not.toThrow();
    else expect(() => assertPaymentMove(from, to)).toThrow(StatusMoveError);
  });

  it('has exactly the five moves of the decisions', () => {
    expect(paymentPairs.filter(([, , allowed]) => allowed)).toHaveLength(5);
  });
});

describe('StatusMoveError', () => {
  it('says which move was refused', () => {
    let caught: unknown;
    try {
      assertBookingMove('completed', 'cancelled');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(StatusMoveError);
    expect(caught).toBeInstanceOf(Error);
    expect(caught).toMatchObject({
      name: 'StatusMoveError',
      code: 'INVALID_STATUS_MOVE',
      machine: 'booking',
      from: 'completed',
      to: 'cancelled',
      message: 'A completed booking cannot be marked cancelled.',
    });
  });

  it.each([
    ['unpaid', 'paid', 'The payment status of a booking cannot change from unpaid to paid.'],
    ['unpaid', 'failed', 'The payment status of a booking cannot change from unpaid to failed.'],
    ['refunded', 'paid', 'The payment status of a booking cannot change from refunded to paid.'],
  ] as const)('payment %s → %s: %j', (from, to, message) => {
    expect(() => assertPaymentMove(from, to)).toThrow(message);
  });
});

describe('bookingDisplayStatus', () => {
  it.each<[BookingStatus, BookingPaymentStatus, string]>([
    ['pending', 'unpaid', 'Pending Payment'],
    ['pending', 'pending', 'Pending Payment'],
    ['pending', 'failed', 'Pending Payment'],
    ['pending', 'paid', 'pending'],
    ['confirmed', 'paid', 'confirmed'],
    ['completed', 'paid', 'completed'],
    ['cancelled', 'unpaid', 'cancelled'],
    ['cancelled', 'failed', 'cancelled'],
    ['cancelled', 'refunded', 'cancelled'],
  ])('%s booking with %s payment shows %j', (status, paymentStatus, label) => {
    expect(bookingDisplayStatus(status, paymentStatus)).toBe(label);
  });
});

const state = (status: BookingStatus, paymentStatus: BookingPaymentStatus, cancelledReason: string | null = null): BookingState => ({
  status,
  paymentStatus,
  cancelledReason,
});

/** A booking of one guard that ended an hour ago, with its guard: nothing keeps it from being completed. */
const ended: CompletionCheck = {
  booking: { endTime: new Date('2026-12-09T12:00:00Z'), teamSize: 1, guardsOn: 1 },
  now: new Date('2026-12-09T13:00:00Z'),
};

describe('bookingChange: both statuses together, with the exceptions', () => {
  it.each<[string, BookingState, BookingStatus, BookingPaymentStatus, ReturnType<typeof bookingChange>]>([
    ['checkout starts', state('pending', 'unpaid'), 'pending', 'pending', 'move'],
    ['a retry starts', state('pending', 'failed'), 'pending', 'pending', 'move'],
    ['the payment fails', state('pending', 'pending'), 'pending', 'failed', 'move'],
    ['the payment confirms the booking', state('pending', 'pending'), 'confirmed', 'paid', 'move'],
    ['the hold lapses', state('pending', 'unpaid'), 'cancelled', 'unpaid', 'move'],
    ['the hold lapses while a prompt rings', state('pending', 'pending'), 'cancelled', 'pending', 'move'],
    ['an admin cancels and refunds a paid booking', state('confirmed', 'paid'), 'cancelled', 'refunded', 'move'],
    ['the job is done', state('confirmed', 'paid'), 'completed', 'paid', 'move'],
    ['an admin confirms a pending booking', state('pending', 'paid'), 'confirmed', 'paid', 'move'],
    ['late money revives a lapsed unpaid hold', state('cancelled', 'unpaid', HOLD_EXPIRED_REASON), 'confirmed', 'paid', 'lateMoneyRevivesLapsedHold'],
    [
      'late money revives a lapsed hold whose prompt rang',
      state('cancelled', 'pending', HOLD_EXPIRED_REASON),
      'confirmed',
      'paid',
      'lateMoneyRevivesLapsedHold',
    ],
    [
      'late money revives a lapsed hold after a failed try',
      state('cancelled', 'failed', HOLD_EXPIRED_REASON),
      'confirmed',
      'paid',
      'lateMoneyRevivesLapsedHold',
    ],
    [
      'money for a lapsed hold whose slot is taken goes back',
      state('cancelled', 'pending', HOLD_EXPIRED_REASON),
      'cancelled',
      'refunded',
      'lateMoneyReturned',
    ],
    ['money for a cancelled booking goes back', state('cancelled', 'unpaid', 'Cancelled by the client'), 'cancelled', 'refunded', 'lateMoneyReturned'],
    ['money for an attempt closed as failed confirms the booking', state('pending', 'failed'), 'confirmed', 'paid', 'moneyArrivesForAnEndedAttempt'],
    ['money with no attempt marked confirms the booking', state('pending', 'unpaid'), 'confirmed', 'paid', 'moneyArrivesForAnEndedAttempt'],
    ['a booking cancelled for another reason is not revived', state('cancelled', 'pending', 'Cancelled by the client'), 'confirmed', 'paid', null],
    ['a refunded lapsed hold is not revived', state('cancelled', 'refunded', HOLD_EXPIRED_REASON), 'confirmed', 'paid', null],
    ['a lapsed hold is not confirmed without money', state('cancelled', 'unpaid', HOLD_EXPIRED_REASON), 'confirmed', 'unpaid', null],
    ['a refund leaves no booking confirmed', state('confirmed', 'paid'), 'confirmed', 'refunded', null],
    ['a refunded booking is not paid again', state('cancelled', 'refunded'), 'cancelled', 'paid', null],
    ['a completed booking is not cancelled', state('completed', 'paid'), 'cancelled', 'refunded', null],
    ['a pending booking is not paid without confirming', state('pending', 'unpaid'), 'pending', 'paid', null],
    ['staying as it is is no change', state('pending', 'pending'), 'pending', 'pending', null],
  ])('%s', (_, from, status, paymentStatus, expected) => {
    expect(bookingChange(from, { status, paymentStatus }, ended)).toBe(expected);
    if (expected) expect(assertBookingChange(from, { status, paymentStatus }, ended)).toBe(expected);
    else expect(() => assertBookingChange(from, { status, paymentStatus }, ended)).toThrow(StatusMoveError);
  });

  it('names the booking move that is refused, else the payment move', () => {
    expect(() => assertBookingChange(state('cancelled', 'pending', 'Cancelled by the client'), { status: 'confirmed', paymentStatus: 'paid' })).toThrow(
      'A cancelled booking cannot be marked confirmed.',
    );
    expect(() => assertBookingChange(state('confirmed', 'paid'), { status: 'confirmed', paymentStatus: 'refunded' })).toThrow(
      'The payment status of a booking cannot change from paid to refunded.',
    );
  });
});

describe('a booking is completed only after it happened, with all its guards', () => {
  // OPS-Y5D2KB: a team of 4 from 09:00 to 15:00 Nairobi time on 9 December 2026.
  const end = new Date('2026-12-09T12:00:00Z');
  const at = (iso: string) => new Date(iso);
  const booking = (guardsOn: number, teamSize = 4) => ({ endTime: end, teamSize, guardsOn });
  const NOT_ENDED = 'A booking can be marked completed only once it has ended: this one ends on Dec 09, 2026 15:00.';

  it.each<[string, Date, number, number, string | null]>([
    ['weeks before it starts', at('2026-11-27T09:00:00Z'), 4, 4, NOT_ENDED],
    ['while it runs', at('2026-12-09T08:00:00Z'), 4, 4, NOT_ENDED],
    ['a minute before its end', at('2026-12-09T11:59:00Z'), 4, 4, NOT_ENDED],
    ['at its end', end, 4, 4, null],
    ['a day after', at('2026-12-10T12:00:00Z'), 4, 4, null],
    [
      'ended with 1 of 4 guards',
      at('2026-12-10T12:00:00Z'),
      1,
      4,
      'This booking had 1 of the 4 guards it was booked with, so it cannot be marked completed: refund it from Payments or cancel it.',
    ],
    [
      'ended with none of its one guard',
      at('2026-12-10T12:00:00Z'),
      0,
      1,
      'This booking had 0 of the 1 guard it was booked with, so it cannot be marked completed: refund it from Payments or cancel it.',
    ],
    // Not ended and short of guards: the end is named first, it may still be staffed.
    ['not ended and short of guards', at('2026-12-01T12:00:00Z'), 1, 4, NOT_ENDED],
  ])('%s', (_name, now, guardsOn, teamSize, reason) => {
    const check = { booking: booking(guardsOn, teamSize), now };
    expect(completionRefusal(check.booking, now)).toBe(reason);
    const confirmed = state('confirmed', 'paid');
    const to = { status: 'completed', paymentStatus: 'paid' } as const;
    expect(bookingChange(confirmed, to, check)).toBe(reason ? null : 'move');
    if (reason) expect(() => assertBookingChange(confirmed, to, check)).toThrow(reason);
    else expect(assertBookingChange(confirmed, to, check)).toBe('move');
  });

  it('refuses completing when the caller gives no end and guards to check', () => {
    expect(bookingChange(state('confirmed', 'paid'), { status: 'completed', paymentStatus: 'paid' })).toBeNull();
    expect(() => assertBookingChange(state('confirmed', 'paid'), { status: 'completed', paymentStatus: 'paid' })).toThrow(StatusMoveError);
  });

  it('leaves every other move to the tables, whatever the time', () => {
    const early = { booking: booking(0), now: at('2026-11-27T09:00:00Z') };
    expect(bookingChange(state('confirmed', 'paid'), { status: 'cancelled', paymentStatus: 'paid' }, early)).toBe('move');
    expect(bookingChange(state('pending', 'paid'), { status: 'confirmed', paymentStatus: 'paid' }, early)).toBe('move');
    // A pending booking still cannot jump to completed, and says so in the table's words.
    expect(() => assertBookingChange(state('pending', 'paid'), { status: 'completed', paymentStatus: 'paid' }, ended)).toThrow(
      'A pending booking cannot be marked completed.',
    );
  });
});
