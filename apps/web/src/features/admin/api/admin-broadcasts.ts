import { useMutation } from '@tanstack/react-query';
import type { BroadcastInput, BroadcastResultDto } from '@ops/shared/schemas/admin-broadcasts';
import { api } from '@/lib/api-client.ts';

export const sendBroadcast = (input: BroadcastInput) => api.post<BroadcastResultDto>('/api/admin/notifications/broadcast', input);

export const useSendBroadcast = () => useMutation({ mutationFn: sendBroadcast });
