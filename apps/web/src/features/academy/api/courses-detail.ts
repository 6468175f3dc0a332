import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseDetailDto } from '@ops/shared/schemas/courses';
import { api, isApiError } from '@/lib/api-client.ts';

/** One course with its upcoming cohorts; 404 'Course Not Found' for an unknown id. */
export function getCourse(id: string, signal?: AbortSignal): Promise<CourseDetailDto> {
  return api.get<CourseDetailDto>(`/api/courses/${encodeURIComponent(id)}`, { signal });
}

export const courseQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['courses', 'detail', id],
    queryFn: ({ signal }) => getCourse(id, signal),
    // A course that does not exist will not appear on a second try.
    retry: (failures, error) => !(isApiError(error) && error.status === 404) && failures < 2,
  });

export function useCourse(id: string) {
  return useQuery(courseQueryOptions(id));
}

export const isCourseNotFound = (error: unknown): boolean => isApiError(error) && error.status === 404;
