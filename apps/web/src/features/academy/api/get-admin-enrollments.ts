import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminEnrollmentPage } from '@ops/shared/schemas/admin-enrollments';
import { api } from '@/lib/api-client.ts';
import { TRAINING_BASE, TRAINING_KEY } from './training-api.ts';

/** One page of the Enrollments table; `query` is the table's query string (q, sort, dir, page, pageSize, status, cohortId). */
export function getAdminEnrollments(query: string, signal?: AbortSignal): Promise<AdminEnrollmentPage> {
  return api.get<AdminEnrollmentPage>(`${TRAINING_BASE}/enrollments?${query}`, { signal });
}

export const adminEnrollmentsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: [...TRAINING_KEY, 'enrollments', query],
    queryFn: ({ signal }) => getAdminEnrollments(query, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminEnrollments(query: string) {
  return useQuery(adminEnrollmentsQueryOptions(query));
}
