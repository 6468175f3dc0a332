import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminMaterialRow } from '@ops/shared/schemas/admin-course-content';
import { api } from '@/lib/api-client.ts';
import { courseContentKey, TRAINING_BASE } from './training-api.ts';

/** Where a course's materials are listed, and uploaded (multipart, field `file`). */
export const materialsUploadPath = (courseId: string) => `${TRAINING_BASE}/courses/${encodeURIComponent(courseId)}/materials`;

export const courseMaterialsQueryKey = (courseId: string) => [...courseContentKey(courseId), 'materials'];

export function getCourseMaterials(courseId: string, signal?: AbortSignal): Promise<AdminMaterialRow[]> {
  return api.get<AdminMaterialRow[]>(materialsUploadPath(courseId), { signal });
}

export const courseMaterialsQueryOptions = (courseId: string) =>
  queryOptions({ queryKey: courseMaterialsQueryKey(courseId), queryFn: ({ signal }) => getCourseMaterials(courseId, signal) });

export function useCourseMaterials(courseId: string) {
  return useQuery({ ...courseMaterialsQueryOptions(courseId), enabled: Boolean(courseId) });
}
