import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminGuardPage } from '@ops/shared/schemas/admin';
import { api } from '@/lib/api-client.ts';

/** One page of the Guards table; `query` is the table's query string (q, sort, dir, page, pageSize, status). */
export function getAdminGuards(query: string, signal?: AbortSignal): Promise<AdminGuardPage> {
  return api.get<AdminGuardPage>(`/api/admin/guards?${query}`, { signal });
}

export const adminGuardsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['admin', 'guards', 'list', query],
    queryFn: ({ signal }) => getAdminGuards(query, signal),
    // The rows shown stay while the next page, sort or search loads.
    placeholderData: keepPreviousData,
  });

export function useAdminGuards(query: string) {
  return useQuery(adminGuardsQueryOptions(query));
}
