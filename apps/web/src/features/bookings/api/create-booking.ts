import { useMutation } from '@tanstack/react-query';
import type { WizardBookingInput } from '@ops/shared/schemas/booking-input';
import type { NewBookingDto } from '@ops/shared/schemas/bookings';
import { api } from '@/lib/api-client.ts';

/**
 * Creates the wizard's booking, pending and unpaid, holding its slot until holdExpiresAt (30
 * minutes, 10 for a booking longer than a day). totalCost is the price the summary showed: a
 * different server price is refused (400 on totalCost).
 */
export function createBooking(body: WizardBookingInput): Promise<NewBookingDto> {
  return api.post<NewBookingDto>('/api/bookings', body);
}

export function useCreateBooking() {
  return useMutation({ mutationFn: createBooking });
}
