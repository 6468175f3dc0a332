import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOfficerPage } from '@ops/shared/schemas/admin';
import { api } from '@/lib/api-client.ts';

/**
 * One page of a tab's officers, with every tab's count under the same search. `query` is the list's
 * query string (tab, q, sort, dir, page, pageSize) as the console keeps it in the address.
 */
export function getOfficers(query: string, signal?: AbortSignal): Promise<AdminOfficerPage> {
  return api.get<AdminOfficerPage>(`/api/admin/officers?${query}`, { signal });
}

export const officersQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['admin', 'officers', query],
    queryFn: ({ signal }) => getOfficers(query, signal),
    // The tab labels and rows stay while the next page or tab loads.
    placeholderData: keepPreviousData,
  });

export function useOfficers(query: string) {
  return useQuery(officersQueryOptions(query));
}
