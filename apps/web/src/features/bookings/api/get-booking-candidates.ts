import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingCandidates } from '@ops/shared/schemas/admin-bookings';
import { api } from '@/lib/api-client.ts';
import { adminBookingPath } from './admin-booking-path.ts';

/** The guards who could staff a booking, searched by `q`. */
export function getBookingCandidates(id: string, q: string, signal?: AbortSignal): Promise<BookingCandidates> {
  const search = q.trim() ? `?q=${encodeURIComponent(q.trim())}` : '';
  return api.get<BookingCandidates>(`${adminBookingPath(id)}/candidates${search}`, { signal });
}

export const bookingCandidatesQueryOptions = (id: string, q: string) =>
  queryOptions({
    queryKey: ['admin', 'bookings', 'candidates', id, q.trim()],
    queryFn: ({ signal }) => getBookingCandidates(id, q, signal),
    placeholderData: keepPreviousData,
  });

export function useBookingCandidates(id: string | null, q: string) {
  return useQuery({ ...bookingCandidatesQueryOptions(id ?? '', q), enabled: id !== null });
}
