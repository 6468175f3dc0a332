import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminBookingRow, AdminCancelBookingRequest, AdminCancellationPreview } from '@ops/shared/schemas/admin-bookings';
import { api } from '@/lib/api-client.ts';
import { adminBookingPath } from './admin-booking-path.ts';

/** GET …/cancellation: what was paid and the policy's share now, read each time the dialog opens. */
export function useAdminCancellationPreview(id: string | null) {
  return useQuery({
    queryKey: ['admin', 'bookings', id, 'cancellation'] as const,
    queryFn: () => api.get<AdminCancellationPreview>(`${adminBookingPath(id ?? '')}/cancellation`),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

/** Cancels and owes the refund chosen in one step; the table, the payments and the overview are read again. */
export function useAdminCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: AdminCancelBookingRequest & { id: string }) => api.post<AdminBookingRow>(`${adminBookingPath(id)}/cancel`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
