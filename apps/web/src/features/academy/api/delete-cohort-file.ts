import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { cohortFilesQueryKey } from './get-cohort-files.ts';
import { TRAINING_BASE } from './training-api.ts';

export function deleteCohortFile(fileId: string): Promise<void> {
  return api.delete<void>(`${TRAINING_BASE}/cohort-files/${encodeURIComponent(fileId)}`);
}

/** The list is read again whether or not the file went (another admin may have removed it first). */
export function useDeleteCohortFile(cohortId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCohortFile,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cohortFilesQueryKey(cohortId) }),
  });
}
