import { describe, expect, it } from 'vitest';
import { BOOKING_PAYMENT_STATUSES, BOOKING_STATUSES } from '../constants.ts';
import type { BookingPaymentStatus, BookingStatus } from '../constants.ts';
import { bookingStatusLabel, paymentStatusLabel } from './status-labels.ts';

describe('booking status words', () => {
  it.each<[BookingStatus, BookingPaymentStatus, string]>([
    ['pending', 'unpaid', 'Pending Payment'],
    ['pending', 'pending', 'Pending Payment'],
    ['pending', 'failed', 'Pending Payment'],
    ['confirmed', 'paid', 'Confirmed'],
    ['completed', 'paid', 'Completed'],
    ['cancelled', 'unpaid', 'Cancelled'],
    ['cancelled', 'refunded', 'Cancelled'],
  ])('%s booking, payment %s: %s', (status, payment, label) => {
    expect(bookingStatusLabel(status, payment)).toBe(label);
  });

  it('has a word for every status and payment status', () => {
    for (const status of BOOKING_STATUSES) {
      for (const payment of BOOKING_PAYMENT_STATUSES) expect(bookingStatusLabel(status, payment)).toMatch(/^[A-Z][a-z]+( [A-Z][a-z]+)?$/);
    }
    expect(BOOKING_PAYMENT_STATUSES.map(paymentStatusLabel)).toEqual(['Unpaid', 'Payment Pending', 'Paid', 'Payment Failed', 'Refunded']);
  });
});
