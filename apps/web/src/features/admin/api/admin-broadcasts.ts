import { useMutation, useQuery } from '@tanstack/react-query';
import type { BroadcastInput, BroadcastRecipientCountDto, BroadcastRecipients, BroadcastResultDto } from '@ops/shared/schemas/admin-broadcasts';
import { api } from '@/lib/api-client.ts';

export const sendBroadcast = (input: BroadcastInput) => api.post<BroadcastResultDto>('/api/admin/notifications/broadcast', input);

export const useSendBroadcast = () => useMutation({ mutationFn: sendBroadcast });

/** How many people a broadcast to the group would reach now, asked afresh each time the question is put. */
export function useBroadcastRecipientCount(recipients: BroadcastRecipients | null) {
  return useQuery({
    queryKey: ['admin', 'broadcast-recipients', recipients],
    queryFn: ({ signal }) =>
      api.get<BroadcastRecipientCountDto>(`/api/admin/notifications/recipients?recipients=${encodeURIComponent(recipients ?? '')}`, { signal }),
    enabled: recipients !== null,
    staleTime: 0,
    gcTime: 0,
  });
}
