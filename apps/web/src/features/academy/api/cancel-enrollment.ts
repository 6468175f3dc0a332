import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EnrollmentCancelInput, EnrollmentCancelResult } from '@ops/shared/schemas/admin-enrollments';
import { api } from '@/lib/api-client.ts';
import { TRAINING_BASE } from './training-api.ts';

export function cancelEnrollment(id: string, reason: string): Promise<EnrollmentCancelResult> {
  return api.post<EnrollmentCancelResult>(`${TRAINING_BASE}/enrollments/${encodeURIComponent(id)}/cancel`, { reason } satisfies EnrollmentCancelInput);
}

/** Cancels with the reason: frees the seat and gives a paid fee back; payments are read again too. */
export function useCancelEnrollment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => cancelEnrollment(id, reason),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
