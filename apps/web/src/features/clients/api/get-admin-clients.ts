import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminClientPage } from '@ops/shared/schemas/admin-clients';
import { api } from '@/lib/api-client.ts';

/** One page of the Clients table; `query` is the table's query string (q, sort, dir, page, pageSize, status). */
export function getAdminClients(query: string, signal?: AbortSignal): Promise<AdminClientPage> {
  return api.get<AdminClientPage>(`/api/admin/clients?${query}`, { signal });
}

export const adminClientsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['admin', 'clients', 'list', query],
    queryFn: ({ signal }) => getAdminClients(query, signal),
    // The rows shown stay while the next page, sort or search loads.
    placeholderData: keepPreviousData,
  });

export function useAdminClients(query: string) {
  return useQuery(adminClientsQueryOptions(query));
}
