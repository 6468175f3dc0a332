import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminBookingRow } from '@ops/shared/schemas/admin-bookings';
import { api } from '@/lib/api-client.ts';
import { adminBookingPath } from './admin-booking-path.ts';

export function unstaffBooking(id: string, guardProfileId: string): Promise<AdminBookingRow> {
  return api.delete<AdminBookingRow>(`${adminBookingPath(id)}/guards/${encodeURIComponent(guardProfileId)}`);
}

/** Taking a guard off changes the table, the candidates and the overview's 'Needs attention'. */
export function useUnstaffBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, guardProfileId }: { id: string; guardProfileId: string }) => unstaffBooking(id, guardProfileId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
