import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CohortFileKind, CohortFilesDto } from '@ops/shared/schemas/partner';
import { api } from '@/lib/api-client.ts';
import { TRAINING_BASE, TRAINING_KEY } from './training-api.ts';

export const cohortFilesQueryKey = (cohortId: string) => [...TRAINING_KEY, 'cohorts', cohortId, 'files'] as const;

/** Where a cohort's CV or photo is uploaded (multipart, field `file`). */
export const cohortFileUploadPath = (cohortId: string, kind: CohortFileKind) => `${TRAINING_BASE}/cohorts/${encodeURIComponent(cohortId)}/files/${kind}`;

/** The CVs and photos of a cohort's students that its accrediting partner reviews. */
export function getCohortFiles(cohortId: string, signal?: AbortSignal): Promise<CohortFilesDto> {
  return api.get<CohortFilesDto>(`${TRAINING_BASE}/cohorts/${encodeURIComponent(cohortId)}/files`, { signal });
}

export const cohortFilesQueryOptions = (cohortId: string) =>
  queryOptions({ queryKey: cohortFilesQueryKey(cohortId), queryFn: ({ signal }) => getCohortFiles(cohortId, signal) });

export function useCohortFiles(cohortId: string) {
  return useQuery(cohortFilesQueryOptions(cohortId));
}
