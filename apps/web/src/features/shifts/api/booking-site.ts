import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingSiteDto, SitePinInput } from '@ops/shared/schemas/shifts';
import { api } from '@/lib/api-client.ts';

export function useBookingSite(bookingId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['shifts', 'site', bookingId],
    queryFn: ({ signal }) => api.get<BookingSiteDto>(`/api/bookings/${encodeURIComponent(bookingId)}/site`, { signal }),
    enabled,
  });
}

export function usePinSite(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pin: SitePinInput) => api.put<void>(`/api/bookings/${encodeURIComponent(bookingId)}/site-pin`, pin),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['shifts', 'site', bookingId] }),
  });
}
