import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCertificateDto } from '@ops/shared/schemas/certificates';
import { api } from '@/lib/api-client.ts';
import { CERTIFICATES_KEY, CONSOLE_CERTIFICATES_BASE } from './console-certificates-api.ts';

/** Issues one student's certificate; `overrideReason` for a student who does not qualify. */
export function issueCertificate(input: { enrollmentId: string; overrideReason?: string }): Promise<AdminCertificateDto> {
  return api.post<AdminCertificateDto>(`${CONSOLE_CERTIFICATES_BASE}/certificates`, input);
}

/** Issuing changes the candidates and the list: both are read again. */
export function useIssueCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueCertificate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CERTIFICATES_KEY }),
  });
}
