import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CancellationQuote } from '@ops/shared/domain/cancellation-policy';
import type { CancelBookingRequest } from '@ops/shared/schemas/bookings';
import { api } from '@/lib/api-client.ts';

export interface CancelledBooking {
  id: string;
  reference: string;
  status: 'cancelled';
  /** What goes back under the cancellation policy, in KES (0 for an unpaid booking). */
  refund: number;
  refundPercent: number;
}

/** GET /api/bookings/:id/cancellation: what cancelling now gives back, in the server's words. */
export interface CancellationPreview extends CancellationQuote {
  paid: boolean;
  message: string;
}

/**
 * The client cancels: an unpaid booking's hold is released at once; a paid one under the
 * cancellation policy, with a reason and the refund the client saw. 409 when it is already cancelled
 * or the refund changed meanwhile.
 */
export function cancelBooking({ id, ...input }: CancelBookingRequest & { id: string }): Promise<CancelledBooking> {
  return api.post<CancelledBooking>(`/api/bookings/${encodeURIComponent(id)}/cancel`, input);
}

/** A cancelled booking changes the list and the client's figures: the bookings are read again. */
export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['bookings'] }),
  });
}

export const cancellationPreviewQuery = (id: string) => ({
  queryKey: ['bookings', id, 'cancellation'] as const,
  queryFn: () => api.get<CancellationPreview>(`/api/bookings/${encodeURIComponent(id)}/cancellation`),
  // The figure depends on the minute: read it each time the dialog opens.
  staleTime: 0,
});

export function useCancellationPreview(id: string, enabled: boolean) {
  return useQuery({ ...cancellationPreviewQuery(id), enabled });
}
