import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RescheduleBookingInput, RescheduledBookingDto, RescheduleOptionsDto } from '@ops/shared/schemas/bookings';
import { api } from '@/lib/api-client.ts';

const path = (id: string) => `/api/bookings/${encodeURIComponent(id)}/reschedule`;

/**
 * GET …/reschedule: whether the booking may move now and, once a date and time are chosen, which
 * of its guards could not work then. Read afresh each time (the answer depends on the minute).
 */
export function useRescheduleOptions(id: string, enabled: boolean, when: { date: string; startTime: string } | null) {
  return useQuery({
    queryKey: ['bookings', id, 'reschedule', when?.date ?? '', when?.startTime ?? ''] as const,
    queryFn: () => api.get<RescheduleOptionsDto>(when ? `${path(id)}?${new URLSearchParams(when).toString()}` : path(id)),
    enabled,
    staleTime: 0,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

/** Moves the booking; the dashboard's bookings are read again. */
export function useRescheduleBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: RescheduleBookingInput & { id: string }) => api.post<RescheduledBookingDto>(path(id), input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['bookings'] }),
  });
}
