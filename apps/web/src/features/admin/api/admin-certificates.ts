import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCertificateDto, CertificateBatchDto, CertificateCandidatesDto, RevokeCertificateInput } from '@ops/shared/schemas/certificates';
import { api } from '@/lib/api-client.ts';

/** The console's certificates: who in a cohort qualifies, issuing (one or the whole cohort), revoking. */
const BASE = '/api/admin/training';
const KEY = ['admin', 'training', 'certificates'] as const;
const enc = encodeURIComponent;

export function useAdminCertificates() {
  return useQuery({ queryKey: [...KEY, 'list'], queryFn: ({ signal }) => api.get<AdminCertificateDto[]>(`${BASE}/certificates`, { signal }) });
}

export function useCertificateCandidates(cohortId: string) {
  return useQuery({
    queryKey: [...KEY, 'candidates', cohortId],
    queryFn: ({ signal }) => api.get<CertificateCandidatesDto>(`${BASE}/cohorts/${enc(cohortId)}/certificate-candidates`, { signal }),
    enabled: Boolean(cohortId),
  });
}

/** Issuing changes the candidates and the list: both are read again. */
export function useIssueCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { enrollmentId: string; overrideReason?: string }) => api.post<AdminCertificateDto>(`${BASE}/certificates`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useRevokeCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: RevokeCertificateInput }) =>
      api.post<AdminCertificateDto>(`${BASE}/certificates/${enc(id)}/revoke`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useStartCertificateBatch() {
  return useMutation({
    mutationFn: (cohortId: string) => api.post<CertificateBatchDto>(`${BASE}/cohorts/${enc(cohortId)}/certificate-batches`),
  });
}

export const batchRunning = (batch: CertificateBatchDto | null | undefined): boolean => batch?.status === 'queued' || batch?.status === 'running';

/** A cohort run, read every second while it is queued or running. */
export function useCertificateBatch(batchId: string | null) {
  return useQuery({
    queryKey: [...KEY, 'batch', batchId],
    queryFn: ({ signal }) => api.get<CertificateBatchDto>(`${BASE}/certificate-batches/${enc(batchId ?? '')}`, { signal }),
    enabled: Boolean(batchId),
    refetchInterval: (query) => (batchRunning(query.state.data) || !query.state.data ? 1000 : false),
  });
}
