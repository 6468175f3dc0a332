import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCertificateDto, RevokeCertificateInput } from '@ops/shared/schemas/certificates';
import { api } from '@/lib/api-client.ts';
import { CERTIFICATES_KEY, CONSOLE_CERTIFICATES_BASE } from './console-certificates-api.ts';

export function revokeCertificate(id: string, input: RevokeCertificateInput): Promise<AdminCertificateDto> {
  return api.post<AdminCertificateDto>(`${CONSOLE_CERTIFICATES_BASE}/certificates/${encodeURIComponent(id)}/revoke`, input);
}

export function useRevokeCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: RevokeCertificateInput }) => revokeCertificate(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CERTIFICATES_KEY }),
  });
}
