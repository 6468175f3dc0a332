import { useMutation } from '@tanstack/react-query';
import type { PaymentDto, StartPaymentInput } from '@ops/shared/schemas/payments';
import { api } from '@/lib/api-client.ts';

export interface StartPaymentRequest {
  bookingId: string;
  body: StartPaymentInput;
}

/**
 * Starts (or, after a failure, restarts) the payment of a booking: 201 with the new payment, or 200
 * with the attempt already under way (an M-Pesa prompt still ringing, the card page already open),
 * which the server answers with rather than start a second one.
 * 400 fields.phone for a missing or malformed M-Pesa number; 502 when the provider refused.
 */
export function startPayment({ bookingId, body }: StartPaymentRequest): Promise<PaymentDto> {
  return api.post<PaymentDto>(`/api/bookings/${encodeURIComponent(bookingId)}/payments`, body);
}

export function useStartPayment() {
  return useMutation({ mutationFn: startPayment });
}
