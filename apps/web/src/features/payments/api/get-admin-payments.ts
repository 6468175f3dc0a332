import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPaymentPage } from '@ops/shared/schemas/admin-payments';
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

/** The table's rows as a CSV file (at most PAYMENTS_CSV_MAX_ROWS): its filters and search, without the page. */
export function paymentsCsvHref(query: string): string {
  const params = new URLSearchParams(query);
  params.delete('page');
  params.delete('pageSize');
  const rest = params.toString();
  return rest ? `/api/admin/payments.csv?${rest}` : '/api/admin/payments.csv';
}
