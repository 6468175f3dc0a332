import { useQuery } from '@tanstack/react-query';
import { CERTIFICATE_TEXTS, type CertificateVerificationDto } from '@ops/shared/schemas/certificates';
import { API_HEADERS, NETWORK_ERROR, NETWORK_ERROR_MESSAGE, ApiError, toApiError } from '@/lib/api-client.ts';
import { takeEarly } from '@/lib/early-data.ts';

/**
 * What the verify page shows for a reference: the certificate (valid, expired or revoked), none
 * (with the server's words, or null when its answer carried none), or "slow down".
 */
export type VerificationResult =
  { kind: 'found'; certificate: CertificateVerificationDto } | { kind: 'not-found'; message: string | null } | { kind: 'too-many'; message: string };

export const verificationPath = (ref: string): string => `/api/certificates/verify/${encodeURIComponent(ref)}`;

async function readBody(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A revoked certificate answers 410 with the same body as a valid one, which the shared client
 * would turn into an error: this read keeps it. The answer fetched with the page's code is used
 * when there is one.
 */
export async function getCertificateVerification(ref: string, signal?: AbortSignal): Promise<VerificationResult> {
  const path = verificationPath(ref);
  let response: Response;
  try {
    response = await (takeEarly(path) ?? fetch(path, { headers: API_HEADERS, credentials: 'same-origin', signal }));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR, NETWORK_ERROR_MESSAGE);
  }
  const body = await readBody(response);
  if (response.ok || response.status === 410) return { kind: 'found', certificate: body as CertificateVerificationDto };
  if (response.status === 404) {
    const error = toApiError(404, body);
    // An answer without our error body (a proxy's page) gets a code made up from its status.
    return { kind: 'not-found', message: error.code === 'HTTP_404' ? null : error.message };
  }
  if (response.status === 429) return { kind: 'too-many', message: toApiError(429, body).message || CERTIFICATE_TEXTS.tooManyChecks };
  throw toApiError(response.status, body);
}

export function useCertificateVerification(ref: string) {
  return useQuery({
    queryKey: ['certificates', 'verify', ref],
    queryFn: ({ signal }) => getCertificateVerification(ref, signal),
    enabled: ref.length > 0,
    retry: false,
    staleTime: 30_000,
  });
}
