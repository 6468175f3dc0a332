import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminBookingPage } from '@ops/shared/schemas/admin-bookings';
import { api } from '@/lib/api-client.ts';

/** One page of the Bookings table; `query` is the table's query string (q, sort, dir, page, pageSize, status, payment, from, to). */
export function getAdminBookings(query: string, signal?: AbortSignal): Promise<AdminBookingPage> {
  return api.get<AdminBookingPage>(`/api/admin/bookings?${query}`, { signal });
}

export const adminBookingsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['admin', 'bookings', 'list', query],
    queryFn: ({ signal }) => getAdminBookings(query, signal),
    // The rows shown stay while the next page, filter or search loads.
    placeholderData: keepPreviousData,
  });

export function useAdminBookings(query: string) {
  return useQuery(adminBookingsQueryOptions(query));
}
