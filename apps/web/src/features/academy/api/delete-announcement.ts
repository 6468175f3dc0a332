import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { courseContentKey, TRAINING_BASE } from './training-api.ts';

export function deleteAnnouncement(id: string): Promise<void> {
  return api.delete<void>(`${TRAINING_BASE}/announcements/${encodeURIComponent(id)}`);
}

export function useDeleteAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAnnouncement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseContentKey() }),
  });
}
