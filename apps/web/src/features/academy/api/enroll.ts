import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { CreateEnrollmentInput, EnrollmentDto } from '@ops/shared/schemas/enrollments';
import { api } from '@/lib/api-client.ts';

/** Enrols the signed-in person in a cohort; the fee is the course's, read by the server. */
export function createEnrollment(input: CreateEnrollmentInput): Promise<EnrollmentDto> {
  return api.post<EnrollmentDto>('/api/enrollments', input);
}

export function useCreateEnrollment() {
  return useMutation({ mutationFn: createEnrollment });
}

/** How often a waiting dialog asks whether the M-Pesa payment has arrived. */
export const ENROLLMENT_POLL_MS = 3000;

const awaitingMoney = (e: EnrollmentDto | undefined) => e?.status === 'pending_payment';

export const enrollmentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['enrollments', id],
    queryFn: ({ signal }) => api.get<EnrollmentDto>(`/api/enrollments/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: (query) => (awaitingMoney(query.state.data) ? ENROLLMENT_POLL_MS : false),
  });

/** One of the person's enrolments, asked again every few seconds while its payment is awaited. */
export function useEnrollment(id: string | null) {
  return useQuery({ ...enrollmentQueryOptions(id ?? ''), enabled: id !== null });
}

/** Leaves the app for the payment page (the sandbox's or the provider's checkout). */
export function openCheckout(url: string): void {
  window.location.assign(url);
}
