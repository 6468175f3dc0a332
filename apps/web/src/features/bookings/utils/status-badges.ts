/**
 * The badges of a booking's status and payment status: the words are the shared vocabulary
 * (status-labels), the colours the specification's (confirmed default, pending secondary,
 * cancelled destructive, completed outline; paid default, pending secondary, failed destructive).
 */
import type { BookingPaymentStatus, BookingStatus } from '@ops/shared/constants';
import { bookingDisplayStatus } from '@ops/shared/domain/booking-status';
import { bookingStatusLabel, paymentStatusLabel } from '@ops/shared/domain/status-labels';

export type BadgeVariant = 'default' | 'secondary' | 'destructive' | 'outline';

export interface BadgeLook {
  label: string;
  variant: BadgeVariant;
}

const STATUS_VARIANTS: Record<BookingStatus, BadgeVariant> = {
  confirmed: 'default',
  pending: 'secondary',
  cancelled: 'destructive',
  completed: 'outline',
};

const PAYMENT_VARIANTS: Record<BookingPaymentStatus, BadgeVariant> = {
  paid: 'default',
  pending: 'secondary',
  failed: 'destructive',
  unpaid: 'outline',
  refunded: 'outline',
};

/** 'Pending Payment' (secondary) for a pending booking not paid yet; otherwise its status. */
export function statusBadge(booking: { status: BookingStatus; paymentStatus: BookingPaymentStatus }): BadgeLook {
  const shown = bookingDisplayStatus(booking.status, booking.paymentStatus);
  return {
    label: bookingStatusLabel(booking.status, booking.paymentStatus),
    variant: shown === booking.status ? STATUS_VARIANTS[booking.status] : STATUS_VARIANTS.pending,
  };
}

/** A refund the payment service has not completed yet reads 'Refund pending', not 'Refunded'. */
export function paymentBadge(booking: { paymentStatus: BookingPaymentStatus; refund?: { status: 'pending' | 'refunded' } | null }): BadgeLook {
  if (booking.refund?.status === 'pending') return { label: 'Refund pending', variant: 'secondary' };
  return { label: paymentStatusLabel(booking.paymentStatus), variant: PAYMENT_VARIANTS[booking.paymentStatus] };
}
