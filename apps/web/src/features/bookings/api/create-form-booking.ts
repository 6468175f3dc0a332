import { useMutation } from '@tanstack/react-query';
import type { FormBookingInput } from '@ops/shared/schemas/booking-input';
import type { NewBookingDto } from '@ops/shared/schemas/bookings';
import { api } from '@/lib/api-client.ts';

/** Creates the single-page form's booking (its own rates and shifts), pending and unpaid. */
export function createFormBooking(body: FormBookingInput): Promise<NewBookingDto> {
  return api.post<NewBookingDto>('/api/bookings/form', body);
}

export function useCreateFormBooking() {
  return useMutation({ mutationFn: createFormBooking });
}
