import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CertificateBatchDto } from '@ops/shared/schemas/certificates';
import { api } from '@/lib/api-client.ts';
import { CERTIFICATES_KEY, CONSOLE_CERTIFICATES_BASE } from './console-certificates-api.ts';

export const batchRunning = (batch: CertificateBatchDto | null | undefined): boolean => batch?.status === 'queued' || batch?.status === 'running';

export function getCertificateBatch(batchId: string, signal?: AbortSignal): Promise<CertificateBatchDto> {
  return api.get<CertificateBatchDto>(`${CONSOLE_CERTIFICATES_BASE}/certificate-batches/${encodeURIComponent(batchId)}`, { signal });
}

export const certificateBatchQueryOptions = (batchId: string | null) =>
  queryOptions({
    queryKey: [...CERTIFICATES_KEY, 'batch', batchId],
    queryFn: ({ signal }) => getCertificateBatch(batchId ?? '', signal),
    refetchInterval: (query) => (batchRunning(query.state.data) || !query.state.data ? 1000 : false),
  });

/** A cohort run, read every second while it is queued or running. */
export function useCertificateBatch(batchId: string | null) {
  return useQuery({ ...certificateBatchQueryOptions(batchId), enabled: Boolean(batchId) });
}
