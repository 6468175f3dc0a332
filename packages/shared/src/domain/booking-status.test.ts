import { describe, expect, it } from 'vitest';
import { BOOKING_PAYMENT_STATUSES, BOOKING_STATUSES } from '../constants.ts';
import type { BookingPaymentStatus, BookingStatus } from '../constants.ts';
import {
  StatusMoveError,
  assertBookingMove,
  assertPaymentMove,
  bookingDisplayStatus,
  canMoveBooking,
  canMovePayment,
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
