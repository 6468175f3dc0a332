import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingSummaryDto } from '@ops/shared/schemas/bookings';
import { api } from '@/lib/api-client.ts';

/** A client's own bookings or a guard's assigned jobs (the server decides which), latest start first. */
export function getBookings(limit: number, signal?: AbortSignal): Promise<BookingSummaryDto[]> {
  return api.get<BookingSummaryDto[]>(`/api/bookings?limit=${limit}`, { signal });
}

export const bookingsQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: ['bookings', 'list', { limit }],
    queryFn: ({ signal }) => getBookings(limit, signal),
  });

export function useBookings(limit: number) {
  return useQuery(bookingsQueryOptions(limit));
}
