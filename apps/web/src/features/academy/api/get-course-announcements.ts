import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminAnnouncementRow } from '@ops/shared/schemas/admin-course-content';
import { api } from '@/lib/api-client.ts';
import { courseContentKey, TRAINING_BASE } from './training-api.ts';

/** A course's announcements, to the whole course or one of its cohorts. */
export function getCourseAnnouncements(courseId: string, signal?: AbortSignal): Promise<AdminAnnouncementRow[]> {
  return api.get<AdminAnnouncementRow[]>(`${TRAINING_BASE}/courses/${encodeURIComponent(courseId)}/announcements`, { signal });
}

export const courseAnnouncementsQueryOptions = (courseId: string) =>
  queryOptions({ queryKey: [...courseContentKey(courseId), 'announcements'], queryFn: ({ signal }) => getCourseAnnouncements(courseId, signal) });

export function useCourseAnnouncements(courseId: string) {
  return useQuery({ ...courseAnnouncementsQueryOptions(courseId), enabled: Boolean(courseId) });
}
