import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminEnrollmentRow } from '@ops/shared/schemas/admin-enrollments';
import { api } from '@/lib/api-client.ts';
import { TRAINING_BASE } from './training-api.ts';

export type EnrollmentAction =
  { id: string; action: 'approved' } | { id: string; action: 'rejected'; reason: string } | { id: string; action: 'cash_paid'; receiptNumber: string };

/** Approves or rejects an enrolment (its review), or records its fee paid in cash at the office. */
export function actOnEnrollment(change: EnrollmentAction): Promise<AdminEnrollmentRow> {
  const path = `${TRAINING_BASE}/enrollments/${encodeURIComponent(change.id)}`;
  if (change.action === 'cash_paid') return api.post<AdminEnrollmentRow>(`${path}/cash-paid`, { receiptNumber: change.receiptNumber });
  if (change.action === 'rejected') return api.post<AdminEnrollmentRow>(`${path}/review`, { decision: 'rejected', reason: change.reason });
  return api.post<AdminEnrollmentRow>(`${path}/review`, { decision: 'approved' });
}

/** Approving, rejecting or recording a cash payment moves seats: cohorts and the overview are read again too. */
export function useEnrollmentAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: actOnEnrollment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
