import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingCandidates } from '@ops/shared/schemas/admin-bookings';
import type { BoardDto, ReplaceGuardInput } from '@ops/shared/schemas/shifts';
import { api } from '@/lib/api-client.ts';

/** The Today board, refreshed every 30 seconds. */
export function useShiftBoard() {
  return useQuery({
    queryKey: ['shifts', 'board'],
    queryFn: ({ signal }) => api.get<BoardDto>('/api/admin/shifts/today', { signal }),
    refetchInterval: 30_000,
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
