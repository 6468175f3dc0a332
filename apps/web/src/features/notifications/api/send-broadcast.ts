import { useMutation } from '@tanstack/react-query';
import type { BroadcastInput, BroadcastResultDto } from '@ops/shared/schemas/admin-broadcasts';
import { api } from '@/lib/api-client.ts';

/** Sends a message to every member of a group (on the bell, by e-mail or SMS as the group's settings say). */
export const sendBroadcast = (input: BroadcastInput) => api.post<BroadcastResultDto>('/api/admin/notifications/broadcast', input);

export const useSendBroadcast = () => useMutation({ mutationFn: sendBroadcast });
