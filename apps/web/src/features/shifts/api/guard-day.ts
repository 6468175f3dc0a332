import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckInInput, CheckOutInput, GuardDayDto, ShiftCheckResultDto } from '@ops/shared/schemas/shifts';
import { api } from '@/lib/api-client.ts';

/** The guard's shifts of today and tomorrow; refreshed every minute so 'Check in' opens on time. */
export const guardDayQueryOptions = () =>
  queryOptions({
    queryKey: ['shifts', 'today'],
    queryFn: ({ signal }) => api.get<GuardDayDto>('/api/shifts/today', { signal }),
    refetchInterval: 60_000,
  });

export function useGuardDay() {
  return useQuery(guardDayQueryOptions());
}

export function useCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, body }: { bookingId: string; body: CheckInInput }) =>
      api.post<ShiftCheckResultDto>(`/api/shifts/${encodeURIComponent(bookingId)}/check-in`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['shifts'] }),
  });
}

export function useCheckOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, body }: { bookingId: string; body: CheckOutInput }) =>
      api.post<ShiftCheckResultDto>(`/api/shifts/${encodeURIComponent(bookingId)}/check-out`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['shifts'] }),
  });
}
