import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingCandidates } from '@ops/shared/schemas/admin-bookings';
import type { BoardDto, BoardState, ReplaceGuardInput } from '@ops/shared/schemas/shifts';
import { api } from '@/lib/api-client.ts';

/** One page of the Today board (all of the day's shifts, or one state's), refreshed every 30 seconds. */
export function useShiftBoard(query: { state: BoardState; page: number; pageSize: number }) {
  const search = new URLSearchParams({ state: query.state, page: String(query.page), pageSize: String(query.pageSize) });
  return useQuery({
    queryKey: ['shifts', 'board', query],
    queryFn: ({ signal }) => api.get<BoardDto>(`/api/admin/shifts/today?${search.toString()}`, { signal }),
    refetchInterval: 30_000,
    // The page shown stays while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useReplacements(bookingId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['shifts', 'replacements', bookingId],
    queryFn: ({ signal }) => api.get<BookingCandidates>(`/api/admin/bookings/${encodeURIComponent(bookingId)}/replacements`, { signal }),
    enabled,
  });
}

export function useReplaceGuard(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReplaceGuardInput) => api.post<void>(`/api/admin/bookings/${encodeURIComponent(bookingId)}/replace-guard`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['shifts'] }),
  });
}
