import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPaymentSummary } from '@ops/shared/schemas/admin-payments';
import { api } from '@/lib/api-client.ts';

/** A period's figures; from and to are Nairobi days, both included. */
export function getPaymentSummary(period: { from: string; to: string }, signal?: AbortSignal): Promise<AdminPaymentSummary> {
  return api.get<AdminPaymentSummary>(`/api/admin/payments/summary?${new URLSearchParams(period).toString()}`, { signal });
}

export const paymentSummaryQueryOptions = (period: { from: string; to: string }) =>
  queryOptions({
    queryKey: ['admin', 'payments', 'summary', period.from, period.to],
    queryFn: ({ signal }) => getPaymentSummary(period, signal),
    placeholderData: keepPreviousData,
  });

export function usePaymentSummary(period: { from: string; to: string }) {
  return useQuery(paymentSummaryQueryOptions(period));
}
