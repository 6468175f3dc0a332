import { useMutation } from '@tanstack/react-query';
import type { CredentialCheckDto } from '@ops/shared/schemas/certificates';
import { api } from '@/lib/api-client.ts';

/** Sends a credential file's text to be checked: signature, issuer, revocation and expiry. */
export function verifyCredential(credential: string): Promise<CredentialCheckDto> {
  return api.post<CredentialCheckDto>('/api/certificates/verify-credential', { credential });
}

export function useVerifyCredential() {
  return useMutation({ mutationFn: verifyCredential });
}
