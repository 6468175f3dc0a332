import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CertificateCandidatesDto } from '@ops/shared/schemas/certificates';
import { api } from '@/lib/api-client.ts';
import { CERTIFICATES_KEY, CONSOLE_CERTIFICATES_BASE } from './console-certificates-api.ts';

/** Who in a cohort qualifies for a certificate, and why the others do not. */
export function getCertificateCandidates(cohortId: string, signal?: AbortSignal): Promise<CertificateCandidatesDto> {
  return api.get<CertificateCandidatesDto>(`${CONSOLE_CERTIFICATES_BASE}/cohorts/${encodeURIComponent(cohortId)}/certificate-candidates`, { signal });
}

export const certificateCandidatesQueryOptions = (cohortId: string) =>
  queryOptions({ queryKey: [...CERTIFICATES_KEY, 'candidates', cohortId], queryFn: ({ signal }) => getCertificateCandidates(cohortId, signal) });

export function useCertificateCandidates(cohortId: string) {
  return useQuery({ ...certificateCandidatesQueryOptions(cohortId), enabled: Boolean(cohortId) });
}
