import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminBookingRow } from '@ops/shared/schemas/admin-bookings';
import { api } from '@/lib/api-client.ts';
import { adminBookingPath } from './admin-booking-path.ts';

export function staffBooking(id: string, guardProfileIds: string[]): Promise<AdminBookingRow> {
  return api.post<AdminBookingRow>(`${adminBookingPath(id)}/guards`, { guardProfileIds });
}

/** Staffing changes the table, the candidates and the overview's 'Needs attention'. */
export function useStaffBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, guardProfileIds }: { id: string; guardProfileIds: string[] }) => staffBooking(id, guardProfileIds),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
