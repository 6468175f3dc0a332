import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StudentOverviewDto } from '@ops/shared/schemas/student';
import { api } from '@/lib/api-client.ts';

export const STUDENT_OVERVIEW_QUERY_KEY = ['student', 'overview'] as const;

/** The signed-in student's enrolments, sessions, materials, announcements and submissions. */
export function getStudentOverview(signal?: AbortSignal): Promise<StudentOverviewDto> {
  return api.get<StudentOverviewDto>('/api/student/overview', { signal });
}

export const studentOverviewQueryOptions = () =>
  queryOptions({
    queryKey: STUDENT_OVERVIEW_QUERY_KEY,
    queryFn: ({ signal }) => getStudentOverview(signal),
  });

export function useStudentOverview() {
  return useQuery(studentOverviewQueryOptions());
}
