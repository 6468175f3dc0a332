import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminClientPage, AdminClientRow, BlockClientInput, BlockClientResult } from '@ops/shared/schemas/admin-clients';
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

export function blockClient(profileId: string, input: BlockClientInput): Promise<BlockClientResult> {
  return api.post<BlockClientResult>(`/api/admin/clients/${encodeURIComponent(profileId)}/block`, input);
}

export function unblockClient(profileId: string): Promise<AdminClientRow> {
  return api.post<AdminClientRow>(`/api/admin/clients/${encodeURIComponent(profileId)}/unblock`, {});
}

export type ClientStatusChange = { profileId: string; block: true; reason?: string } | { profileId: string; block: false };

/**
 * Blocking releases the client's unpaid holds and unblocking changes the table's Blocked filter:
 * everything under 'admin' is read again (bookings, overview, activity).
 */
export function useSetClientBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ClientStatusChange): Promise<AdminClientRow> =>
      change.block
        ? blockClient(change.profileId, change.reason ? { reason: change.reason } : {}).then((result) => result.client)
        : unblockClient(change.profileId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
