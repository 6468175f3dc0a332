import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCohortRow, CohortInput } from '@ops/shared/schemas/admin-cohorts';
import { api } from '@/lib/api-client.ts';
import { TRAINING_BASE, TRAINING_KEY } from './training-api.ts';

export type CohortSave = { id: string | null; input: CohortInput };

/** Creates a cohort (no id) or changes one. */
export function saveCohort({ id, input }: CohortSave): Promise<AdminCohortRow> {
  return id
    ? api.put<AdminCohortRow>(`${TRAINING_BASE}/cohorts/${encodeURIComponent(id)}`, input)
    : api.post<AdminCohortRow>(`${TRAINING_BASE}/cohorts`, input);
}

export function useSaveCohort() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCohort,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TRAINING_KEY }),
  });
}
