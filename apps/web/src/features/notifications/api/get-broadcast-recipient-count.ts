import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BroadcastRecipientCountDto, BroadcastRecipients } from '@ops/shared/schemas/admin-broadcasts';
import { api } from '@/lib/api-client.ts';

export function getBroadcastRecipientCount(recipients: BroadcastRecipients | null, signal?: AbortSignal): Promise<BroadcastRecipientCountDto> {
  return api.get<BroadcastRecipientCountDto>(`/api/admin/notifications/recipients?recipients=${encodeURIComponent(recipients ?? '')}`, { signal });
}

export const broadcastRecipientCountQueryOptions = (recipients: BroadcastRecipients | null) =>
  queryOptions({
    queryKey: ['admin', 'broadcast-recipients', recipients],
    queryFn: ({ signal }) => getBroadcastRecipientCount(recipients, signal),
    staleTime: 0,
    gcTime: 0,
  });

/** How many people a broadcast to the group would reach now, asked afresh each time the question is put. */
export function useBroadcastRecipientCount(recipients: BroadcastRecipients | null) {
  return useQuery({ ...broadcastRecipientCountQueryOptions(recipients), enabled: recipients !== null });
}
