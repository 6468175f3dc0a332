import { addDaysToDate, nairobiDate } from '@ops/shared/domain/nairobi-time';
import type { BookingQuoteDto } from '@ops/shared/schemas/booking-input';
import type { NewBookingDto } from '@ops/shared/schemas/bookings';
import type { PaymentDto } from '@ops/shared/schemas/payments';

/** A Nairobi calendar date some days from today: bookings cannot start in the past. */
export const inDays = (days: number): string => addDaysToDate(nairobiDate(new Date()), days);

export function makeQuote(overrides: Partial<BookingQuoteDto> = {}): BookingQuoteDto {
  return {
    price: 28_800,
    durationHours: 8,
    startTime: `${inDays(3)}T06:00:00.000Z`,
    endTime: `${inDays(3)}T14:00:00.000Z`,
    hourlyRate: 1800,
    currency: 'KES',
    ...overrides,
  };
}

export function makeNewBooking(overrides: Partial<NewBookingDto> = {}): NewBookingDto {
  return {
    id: 'booking-1',
    reference: 'OPS-ABC234',
    status: 'pending',
    paymentStatus: 'unpaid',
    price: 28_800,
    durationHours: 8,
    startTime: `${inDays(3)}T06:00:00.000Z`,
    endTime: `${inDays(3)}T14:00:00.000Z`,
    holdExpiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    ...overrides,
  };
}

export function makePayment(overrides: Partial<PaymentDto> = {}): PaymentDto {
  return {
    id: 'payment-1',
    bookingId: 'booking-1',
    bookingReference: 'OPS-ABC234',
    method: 'mpesa',
    provider: 'sandbox',
    status: 'pending',
    amount: 28_800,
    checkoutUrl: 'http://localhost/sandbox/checkout/payment-1',
    failureReason: null,
    bookingStatus: 'pending',
    bookingPaymentStatus: 'pending',
    paidAt: null,
    refundedAmount: null,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}
