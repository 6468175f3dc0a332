import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSessionRow } from '@ops/shared/schemas/admin-course-content';
import { api } from '@/lib/api-client.ts';
import { courseContentKey, TRAINING_BASE } from './training-api.ts';

/** A course's class sessions, for every cohort or one. */
export function getCourseSessions(courseId: string, signal?: AbortSignal): Promise<AdminSessionRow[]> {
  return api.get<AdminSessionRow[]>(`${TRAINING_BASE}/courses/${encodeURIComponent(courseId)}/sessions`, { signal });
}

export const courseSessionsQueryOptions = (courseId: string) =>
  queryOptions({ queryKey: [...courseContentKey(courseId), 'sessions'], queryFn: ({ signal }) => getCourseSessions(courseId, signal) });

export function useCourseSessions(courseId: string) {
  return useQuery({ ...courseSessionsQueryOptions(courseId), enabled: Boolean(courseId) });
}
