import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { courseContentKey, TRAINING_BASE } from './training-api.ts';

export function deleteMaterial(id: string): Promise<void> {
  return api.delete<void>(`${TRAINING_BASE}/materials/${encodeURIComponent(id)}`);
}

export function useDeleteMaterial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMaterial,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseContentKey() }),
  });
}
