import { infiniteQueryOptions } from '@tanstack/react-query';
import type { BookingStatus } from '@ops/shared/constants';
import type { BookingPageDto } from '@ops/shared/schemas/bookings';
import { api } from '@/lib/api-client.ts';

export interface BookingListFilter {
  /** null: every status. */
  status: BookingStatus | null;
  limit: number;
}

/**
 * One page of a client's own bookings or a guard's assigned jobs (the server decides which), in
 * the order that needs them first; cursor null for the first page.
 */
export function getBookings(filter: BookingListFilter, cursor: string | null, signal?: AbortSignal): Promise<BookingPageDto> {
  const query = new URLSearchParams({ limit: String(filter.limit) });
  if (filter.status) query.set('status', filter.status);
  if (cursor) query.set('cursor', cursor);
  return api.get<BookingPageDto>(`/api/bookings?${query.toString()}`, { signal });
}

export const bookingsQueryOptions = (filter: BookingListFilter) =>
  infiniteQueryOptions({
    queryKey: ['bookings', 'list', filter],
    queryFn: ({ pageParam, signal }) => getBookings(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
