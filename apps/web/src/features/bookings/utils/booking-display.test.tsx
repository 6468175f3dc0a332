import { describe, expect, it } from 'vitest';
import type { BookingSummaryDto } from '@ops/shared/schemas/bookings';
import { durationText, paymentBadge, statusBadge } from './booking-display.ts';

type Status = BookingSummaryDto['status'];
type Payment = BookingSummaryDto['paymentStatus'];

describe('booking badges', () => {
  it.each<[Status, Payment, string, string]>([
    ['confirmed', 'paid', 'Confirmed', 'default'],
    ['pending', 'pending', 'Pending', 'secondary'],
    ['pending', 'unpaid', 'Pending Payment', 'secondary'],
    ['pending', 'failed', 'Pending Payment', 'secondary'],
    ['cancelled', 'refunded', 'Cancelled', 'destructive'],
    ['completed', 'paid', 'Completed', 'outline'],
  ])('shows a %s booking paid %s as %s (%s)', (status, paymentStatus, label, variant) => {
    expect(statusBadge({ status, paymentStatus })).toEqual({ label, variant });
  });

  it.each<[Payment, string, string]>([
    ['paid', 'Paid', 'default'],
    ['pending', 'Payment Pending', 'secondary'],
    ['failed', 'Payment Failed', 'destructive'],
    ['unpaid', 'Unpaid', 'outline'],
    ['refunded', 'Refunded', 'outline'],
  ])('shows the payment status %s as %s (%s)', (paymentStatus, label, variant) => {
    expect(paymentBadge({ paymentStatus })).toEqual({ label, variant });
  });

  it('says how long a booking lasts', () => {
    expect(durationText({ bookingType: 'hourly', durationHours: 1 })).toBe('1 hour');
    expect(durationText({ bookingType: 'hourly', durationHours: 8 })).toBe('8 hours');
    expect(durationText({ bookingType: 'daily', durationHours: 24 })).toBe('1 day');
    expect(durationText({ bookingType: 'monthly', durationHours: 720 })).toBe('30 days');
  });
});
