import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TrainingCourseOption } from '@ops/shared/schemas/admin-training';
import { api } from '@/lib/api-client.ts';
import { TRAINING_BASE, TRAINING_KEY } from './training-api.ts';

/** Every course, with how long its certificates hold, for the console's pickers. */
export function getTrainingCourses(signal?: AbortSignal): Promise<TrainingCourseOption[]> {
  return api.get<TrainingCourseOption[]>(`${TRAINING_BASE}/courses`, { signal });
}

export const trainingCoursesQueryOptions = () =>
  queryOptions({
    queryKey: [...TRAINING_KEY, 'courses'],
    queryFn: ({ signal }) => getTrainingCourses(signal),
    staleTime: 60_000,
  });

export function useTrainingCourses() {
  return useQuery(trainingCoursesQueryOptions());
}
