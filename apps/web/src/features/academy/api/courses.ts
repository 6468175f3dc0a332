import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseCardDto } from '@ops/shared/schemas/courses';
import { api } from '@/lib/api-client.ts';

/** The published courses, in catalogue order. */
export function getCourses(signal?: AbortSignal): Promise<CourseCardDto[]> {
  return api.get<CourseCardDto[]>('/api/courses', { signal });
}

export const coursesQueryOptions = () =>
  queryOptions({
    queryKey: ['courses', 'list'],
    queryFn: ({ signal }) => getCourses(signal),
    staleTime: 60_000,
  });

export function useCourses() {
  return useQuery(coursesQueryOptions());
}
