import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminSubmissionRow, GradeInput } from '@ops/shared/schemas/admin-grading';
import { api } from '@/lib/api-client.ts';
import { TRAINING_BASE, TRAINING_KEY } from './training-api.ts';

export function gradeSubmission(id: string, input: GradeInput): Promise<AdminSubmissionRow> {
  return api.post<AdminSubmissionRow>(`${TRAINING_BASE}/submissions/${encodeURIComponent(id)}/grade`, input);
}

export function useGradeSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: GradeInput }) => gradeSubmission(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...TRAINING_KEY, 'submissions'] }),
  });
}
