import type { AdminGuardRow } from '@ops/shared/schemas/admin';
import { Badge } from '@/components/ui/badge.tsx';
import { cn } from '@/lib/utils.ts';
import { formatDay } from '@/lib/format-console-date.ts';

export type GuardApprovalLabel = 'Approved' | 'Pending' | 'Rejected';

export function guardApprovalLabel(guard: Pick<AdminGuardRow, 'approved' | 'status'>): GuardApprovalLabel {
  if (guard.approved) return 'Approved';
  return guard.status === 'rejected' ? 'Rejected' : 'Pending';
}

const BADGE_CLASSES: Record<GuardApprovalLabel, string> = {
  Approved: 'border-transparent bg-success text-white',
  Pending: 'border-transparent bg-accent text-accent-foreground',
  Rejected: 'border-transparent bg-destructive text-destructive-foreground',
};

export function GuardStatusBadge({ guard }: { guard: Pick<AdminGuardRow, 'approved' | 'status'> }) {
  const label = guardApprovalLabel(guard);
  return <Badge className={BADGE_CLASSES[label]}>{label}</Badge>;
}

/**
 * The PSRA licence and police clearance together: the last day both hold, 'Missing' while either
 * is not on record, 'Expired' once that day has passed (`today` is a Nairobi calendar day).
 */
export function CredentialsState({ validUntil, today }: { validUntil: string | null; today: string }) {
  if (!validUntil) return <span className="font-medium text-destructive">Missing</span>;
  if (validUntil < today) return <span className="font-medium text-destructive">Expired</span>;
  return <span className={cn('whitespace-nowrap')}>Valid until {formatDay(validUntil)}</span>;
}
