import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCohortRow } from '@ops/shared/schemas/admin-cohorts';
import { api } from '@/lib/api-client.ts';
import { TRAINING_BASE, TRAINING_KEY } from './training-api.ts';

/** Every cohort of every course, with its seats taken and its partner's audit. */
export function getCohorts(signal?: AbortSignal): Promise<AdminCohortRow[]> {
  return api.get<AdminCohortRow[]>(`${TRAINING_BASE}/cohorts`, { signal });
}

export const cohortsQueryOptions = () => queryOptions({ queryKey: [...TRAINING_KEY, 'cohorts'], queryFn: ({ signal }) => getCohorts(signal) });

export function useCohorts() {
  return useQuery(cohortsQueryOptions());
}
