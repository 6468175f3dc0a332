import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCertificateDto } from '@ops/shared/schemas/certificates';
import { api } from '@/lib/api-client.ts';
import { CERTIFICATES_KEY, CONSOLE_CERTIFICATES_BASE } from './console-certificates-api.ts';

/** Every certificate issued, newest first, with whether it was revoked. */
export function getAdminCertificates(signal?: AbortSignal): Promise<AdminCertificateDto[]> {
  return api.get<AdminCertificateDto[]>(`${CONSOLE_CERTIFICATES_BASE}/certificates`, { signal });
}

export const adminCertificatesQueryOptions = () =>
  queryOptions({ queryKey: [...CERTIFICATES_KEY, 'list'], queryFn: ({ signal }) => getAdminCertificates(signal) });

export function useAdminCertificates() {
  return useQuery(adminCertificatesQueryOptions());
}
