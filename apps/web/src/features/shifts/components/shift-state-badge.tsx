import { SHIFT_STATE_LABELS, type ShiftState } from '@ops/shared/domain/shift-rules';
import { Badge } from '@/components/ui/badge.tsx';

const VARIANT: Record<ShiftState | 'unstaffed', 'default' | 'secondary' | 'accent' | 'destructive' | 'outline'> = {
  upcoming: 'outline',
  on_post: 'default',
  late: 'destructive',
  no_show: 'destructive',
  done: 'secondary',
  incident: 'accent',
  unstaffed: 'destructive',
};

export function ShiftStateBadge({ state }: { state: ShiftState | 'unstaffed' }) {
  return <Badge variant={VARIANT[state]}>{state === 'unstaffed' ? 'No guard' : SHIFT_STATE_LABELS[state]}</Badge>;
}

/** 'Verified at site' or 'Not verified' for a recorded check-in; nothing before one. */
export function VerifiedText({ verified }: { verified: boolean | null }) {
  if (verified === null) return null;
  return verified ? (
    <span className="font-medium text-emerald-700">Verified at site</span>
  ) : (
    <span className="font-medium text-amber-700">Not verified</span>
  );
}
