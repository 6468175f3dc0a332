import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPaymentPage, AdminPaymentSummary, AdminRefundResult } from '@ops/shared/schemas/admin-payments';
import { api } from '@/lib/api-client.ts';

/** One page of the Payments table; `query` is the table's query string (q, page, pageSize, status, method, from, to). */
export function getAdminPayments(query: string, signal?: AbortSignal): Promise<AdminPaymentPage> {
  return api.get<AdminPaymentPage>(`/api/admin/payments?${query}`, { signal });
}

export const adminPaymentsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['admin', 'payments', 'list', query],
    queryFn: ({ signal }) => getAdminPayments(query, signal),
    // The rows shown stay while the next page, filter or search loads.
    placeholderData: keepPreviousData,
  });

export function useAdminPayments(query: string) {
  return useQuery(adminPaymentsQueryOptions(query));
}

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

/** The table's rows as a CSV file (at most PAYMENTS_CSV_MAX_ROWS): its filters and search, without the page. */
export function paymentsCsvHref(query: string): string {
  const params = new URLSearchParams(query);
  params.delete('page');
  params.delete('pageSize');
  const rest = params.toString();
  return rest ? `/api/admin/payments.csv?${rest}` : '/api/admin/payments.csv';
}
