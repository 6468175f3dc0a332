import { describe, expect, it } from 'vitest';
import type { BookingSummaryDto } from '@ops/shared/schemas/bookings';
import { paymentBadge, statusBadge } from './status-badges.ts';

type Status = BookingSummaryDto['status'];
type Payment = BookingSummaryDto['paymentStatus'];

describe('booking badges', () => {
  it.each<[Status, Payment, string, string]>([
    ['confirmed', 'paid', 'Confirmed', 'default'],
    // Checkout started but not paid: still waiting for its payment, as the dashboard's Pay button says.
    ['pending', 'pending', 'Pending Payment', 'secondary'],
    ['pending', 'unpaid', 'Pending Payment', 'secondary'],
    ['pending', 'failed', 'Pending Payment', 'secondary'],
    ['cancelled', 'refunded', 'Cancelled', 'destructive'],
    ['cancelled', 'unpaid', 'Cancelled', 'destructive'],
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
  it('shows a refund the payment service has not completed yet as Refund pending', () => {
    expect(paymentBadge({ paymentStatus: 'refunded', refund: { status: 'pending' } })).toEqual({ label: 'Refund pending', variant: 'secondary' });
    expect(paymentBadge({ paymentStatus: 'refunded', refund: { status: 'refunded' } })).toEqual({ label: 'Refunded', variant: 'outline' });
  });
});
