import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export interface CancelledBooking {
  id: string;
  reference: string;
  status: 'cancelled';
}

/** The client drops a booking still waiting for payment: its hold is released at once. 409 when it is paid or already cancelled. */
export function cancelBooking(id: string): Promise<CancelledBooking> {
  return api.post<CancelledBooking>(`/api/bookings/${encodeURIComponent(id)}/cancel`, {});
}

/** A cancelled booking changes the list and the client's figures: the bookings are read again. */
export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['bookings'] }),
  });
}
