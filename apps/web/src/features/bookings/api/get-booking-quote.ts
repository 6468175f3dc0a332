import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingQuoteDto, WizardBookingInput } from '@ops/shared/schemas/booking-input';
import { apiRequest } from '@/lib/api-client.ts';

/** The server's price for the wizard's booking (nothing is stored); 400 with fields, 409 guard unavailable. */
export function getBookingQuote(body: WizardBookingInput, signal?: AbortSignal): Promise<BookingQuoteDto> {
  return apiRequest<BookingQuoteDto>('POST', '/api/bookings/quote', { body, signal });
}

export const bookingQuoteQueryOptions = (body: WizardBookingInput) =>
  queryOptions({
    queryKey: ['bookings', 'quote', body],
    queryFn: ({ signal }) => getBookingQuote(body, signal),
    // Rates can change: the summary always asks afresh.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export function useBookingQuote(body: WizardBookingInput, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...bookingQuoteQueryOptions(body), enabled });
}
