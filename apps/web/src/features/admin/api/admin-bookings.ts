import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminBookingPage, AdminBookingRow, AdminBookingTarget, BookingCandidates } from '@ops/shared/schemas/admin-bookings';
import { api } from '@/lib/api-client.ts';

const bookingPath = (id: string) => `/api/admin/bookings/${encodeURIComponent(id)}`;

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

export function setBookingStatus(id: string, status: AdminBookingTarget): Promise<AdminBookingRow> {
  return api.post<AdminBookingRow>(`${bookingPath(id)}/status`, { status });
}

/** A status move changes the table and the overview's figures: everything under 'admin' is read again. */
export function useSetBookingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: AdminBookingTarget }) => setBookingStatus(id, status),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function getBookingCandidates(id: string, q: string, signal?: AbortSignal): Promise<BookingCandidates> {
  const search = q.trim() ? `?q=${encodeURIComponent(q.trim())}` : '';
  return api.get<BookingCandidates>(`${bookingPath(id)}/candidates${search}`, { signal });
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

export function staffBooking(id: string, guardProfileIds: string[]): Promise<AdminBookingRow> {
  return api.post<AdminBookingRow>(`${bookingPath(id)}/guards`, { guardProfileIds });
}

/** Staffing changes the table, the candidates and the overview's 'Needs attention'. */
export function useStaffBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, guardProfileIds }: { id: string; guardProfileIds: string[] }) => staffBooking(id, guardProfileIds),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function unstaffBooking(id: string, guardProfileId: string): Promise<AdminBookingRow> {
  return api.delete<AdminBookingRow>(`${bookingPath(id)}/guards/${encodeURIComponent(guardProfileId)}`);
}

/** Taking a guard off changes the table, the candidates and the overview's 'Needs attention'. */
export function useUnstaffBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, guardProfileId }: { id: string; guardProfileId: string }) => unstaffBooking(id, guardProfileId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
