import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminBookingRow, AdminBookingTarget } from '@ops/shared/schemas/admin-bookings';
import { api } from '@/lib/api-client.ts';
import { adminBookingPath } from './admin-booking-path.ts';

export function setBookingStatus(id: string, status: AdminBookingTarget): Promise<AdminBookingRow> {
  return api.post<AdminBookingRow>(`${adminBookingPath(id)}/status`, { status });
}

/** A status move changes the table and the overview's figures: everything under 'admin' is read again. */
export function useSetBookingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: AdminBookingTarget }) => setBookingStatus(id, status),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
