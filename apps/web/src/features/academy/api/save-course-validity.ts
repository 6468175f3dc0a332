import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CourseValidityInput, TrainingCourseOption } from '@ops/shared/schemas/admin-training';
import { api } from '@/lib/api-client.ts';
import { TRAINING_BASE, TRAINING_KEY } from './training-api.ts';

export function saveCourseValidity(courseId: string, input: CourseValidityInput): Promise<TrainingCourseOption> {
  return api.put<TrainingCourseOption>(`${TRAINING_BASE}/courses/${encodeURIComponent(courseId)}/validity`, input);
}

/** Sets how many years a course's certificates hold (null: they do not expire). */
export function useSaveCourseValidity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ courseId, input }: { courseId: string; input: CourseValidityInput }) => saveCourseValidity(courseId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...TRAINING_KEY, 'courses'] }),
  });
}
