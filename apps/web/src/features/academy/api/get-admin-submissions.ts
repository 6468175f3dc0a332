import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSubmissionPage } from '@ops/shared/schemas/admin-grading';
import { api } from '@/lib/api-client.ts';
import { TRAINING_BASE, TRAINING_KEY } from './training-api.ts';

/** One page of the Submissions table; `query`: q, sort, dir, page, pageSize and status (ungraded, graded, all). */
export function getAdminSubmissions(query: string, signal?: AbortSignal): Promise<AdminSubmissionPage> {
  return api.get<AdminSubmissionPage>(`${TRAINING_BASE}/submissions?${query}`, { signal });
}

export const adminSubmissionsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: [...TRAINING_KEY, 'submissions', query],
    queryFn: ({ signal }) => getAdminSubmissions(query, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminSubmissions(query: string) {
  return useQuery(adminSubmissionsQueryOptions(query));
}
