import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminRefundResult } from '@ops/shared/schemas/admin-payments';
import { api } from '@/lib/api-client.ts';

export function refundPayment(paymentId: string): Promise<AdminRefundResult> {
  return api.post<AdminRefundResult>(`/api/admin/payments/${encodeURIComponent(paymentId)}/refund`);
}

/** A refund changes the table, the summary, the bookings and the overview: everything under 'admin' is read again. */
export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundPayment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
