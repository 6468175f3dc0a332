import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminActivityPage } from '@ops/shared/schemas/admin';
import { api } from '@/lib/api-client.ts';

/** One page of the audit trail, newest first; `query` is the table's query string with its filters. */
export function getAdminActivity(query: string, signal?: AbortSignal): Promise<AdminActivityPage> {
  return api.get<AdminActivityPage>(`/api/admin/activity?${query}`, { signal });
}

export const adminActivityQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['admin', 'activity', query],
    queryFn: ({ signal }) => getAdminActivity(query, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminActivity(query: string) {
  return useQuery(adminActivityQueryOptions(query));
}

/** The same rows as a CSV file (at most ACTIVITY_CSV_MAX_ROWS): the filters without the page. */
export function activityCsvHref(query: string): string {
  const params = new URLSearchParams(query);
  params.delete('page');
  params.delete('pageSize');
  const rest = params.toString();
  return rest ? `/api/admin/activity.csv?${rest}` : '/api/admin/activity.csv';
}
