import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminClientRow } from '@ops/shared/schemas/admin-clients';
import { blockClient } from './block-client.ts';
import { unblockClient } from './unblock-client.ts';

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
