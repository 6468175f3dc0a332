import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminAnnouncementRow, AnnouncementInput } from '@ops/shared/schemas/admin-course-content';
import { api } from '@/lib/api-client.ts';
import { courseContentKey, TRAINING_BASE } from './training-api.ts';

export function addAnnouncement(courseId: string, input: AnnouncementInput): Promise<AdminAnnouncementRow> {
  return api.post<AdminAnnouncementRow>(`${TRAINING_BASE}/courses/${encodeURIComponent(courseId)}/announcements`, input);
}

export function useAddAnnouncement(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AnnouncementInput) => addAnnouncement(courseId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseContentKey(courseId) }),
  });
}
