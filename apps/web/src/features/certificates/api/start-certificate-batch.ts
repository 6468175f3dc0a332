import { useMutation } from '@tanstack/react-query';
import type { CertificateBatchDto } from '@ops/shared/schemas/certificates';
import { api } from '@/lib/api-client.ts';
import { CONSOLE_CERTIFICATES_BASE } from './console-certificates-api.ts';

/** Starts issuing every qualifying student's certificate in a cohort, as a run in the background. */
export function startCertificateBatch(cohortId: string): Promise<CertificateBatchDto> {
  return api.post<CertificateBatchDto>(`${CONSOLE_CERTIFICATES_BASE}/cohorts/${encodeURIComponent(cohortId)}/certificate-batches`);
}

export function useStartCertificateBatch() {
  return useMutation({ mutationFn: startCertificateBatch });
}
