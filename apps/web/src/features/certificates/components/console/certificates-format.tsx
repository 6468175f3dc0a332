import type { CertificateState } from '@ops/shared/schemas/certificates';
import { Badge } from '@/components/ui/badge.tsx';

const STATE_WORDS: Record<CertificateState, string> = { valid: 'Valid', expired: 'Expired', revoked: 'Revoked' };
const STATE_VARIANTS = { valid: 'default', expired: 'secondary', revoked: 'destructive' } as const;

/** Whether a certificate holds today, in one word. */
export function CertificateStateBadge({ state }: { state: CertificateState }) {
  return <Badge variant={STATE_VARIANTS[state]}>{STATE_WORDS[state]}</Badge>;
}

/** The first issue of a reason that does not pass the schema, or null. */
export function firstIssue(result: { success: boolean; error?: { issues: readonly { message: string }[] } }): string | null {
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
}
