import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { TRAINING_BASE, TRAINING_KEY } from './training-api.ts';

export function deleteSession(id: string): Promise<void> {
  return api.delete<void>(`${TRAINING_BASE}/sessions/${encodeURIComponent(id)}`);
}

export function useDeleteSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TRAINING_KEY }),
  });
}
