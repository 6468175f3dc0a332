/**
 * The one vocabulary for a booking's status and payment status, wherever they are shown (the
 * dashboards' badges, the bell, e-mails). The badge colours that go with them are the web's.
 */
import type { BookingPaymentStatus, BookingStatus } from '../constants.ts';
import { bookingDisplayStatus, PENDING_PAYMENT_LABEL } from './booking-status.ts';

export const BOOKING_STATUS_LABELS: Readonly<Record<BookingStatus, string>> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const PAYMENT_STATUS_LABELS: Readonly<Record<BookingPaymentStatus, string>> = {
  unpaid: 'Unpaid',
  pending: 'Payment Pending',
  paid: 'Paid',
  failed: 'Payment Failed',
  refunded: 'Refunded',
};

/** What the booking's status badge says: 'Pending Payment' for a pending booking not paid yet. */
export function bookingStatusLabel(status: BookingStatus, paymentStatus: BookingPaymentStatus): string {
  const shown = bookingDisplayStatus(status, paymentStatus);
  return shown === PENDING_PAYMENT_LABEL ? PENDING_PAYMENT_LABEL : BOOKING_STATUS_LABELS[shown];
}

export function paymentStatusLabel(paymentStatus: BookingPaymentStatus): string {
  return PAYMENT_STATUS_LABELS[paymentStatus];
}
