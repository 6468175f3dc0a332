import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CohortFileKind, CohortFilesDto } from '@ops/shared/schemas/partner';
import { api } from '@/lib/api-client.ts';

const BASE = '/api/admin/training';
const enc = encodeURIComponent;

export const cohortFilesQueryKey = (cohortId: string) => ['admin', 'training', 'cohorts', cohortId, 'files'] as const;

/** Where a cohort's CV or photo is uploaded (multipart, field `file`). */
export const cohortFileUploadPath = (cohortId: string, kind: CohortFileKind) => `${BASE}/cohorts/${enc(cohortId)}/files/${kind}`;

export function useCohortFiles(cohortId: string) {
  return useQuery({
    queryKey: cohortFilesQueryKey(cohortId),
    queryFn: ({ signal }) => api.get<CohortFilesDto>(`${BASE}/cohorts/${enc(cohortId)}/files`, { signal }),
  });
}

export function useDeleteCohortFile(cohortId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => api.delete<void>(`${BASE}/cohort-files/${enc(fileId)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cohortFilesQueryKey(cohortId) }),
  });
}
