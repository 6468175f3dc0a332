import { Clock, ShieldCheck, ShieldX } from 'lucide-react';
import type { OwnGuardProfileDto } from '@ops/shared/schemas/guards';
import { Badge } from '@/components/ui/badge.tsx';

type Approval = Pick<OwnGuardProfileDto, 'approved' | 'status' | 'rejectionReason'>;

export function GuardApprovalBadge({ approval }: { approval: Approval }) {
  if (approval.approved) {
    return (
      <Badge>
        <ShieldCheck className="size-3.5" aria-hidden="true" />
        Verified
      </Badge>
    );
  }
  if (approval.status === 'rejected') return <Badge variant="destructive">Rejected</Badge>;
  return <Badge variant="secondary">Pending Approval</Badge>;
}

/** Says where the profile stands with the provider's team while it is not approved. */
export function GuardApprovalNotice({ approval }: { approval: Approval }) {
  if (approval.approved) return null;
  if (approval.status === 'rejected') {
    return (
      <div role="note" className="flex gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm">
        <ShieldX className="size-5 shrink-0 text-destructive" aria-hidden="true" />
        <div className="grid gap-1">
          <p className="font-semibold">Your guard profile was not approved.</p>
          <p>Reason: {approval.rejectionReason ?? 'No reason was given.'}</p>
          <p className="text-muted-foreground">Update your profile below, or contact us if you have questions.</p>
        </div>
      </div>
    );
  }
  return (
    <div role="note" className="flex gap-3 rounded-lg border bg-muted p-4 text-sm">
      <Clock className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <p>Your guard profile is under review. Clients will see it once our team has approved it; you can keep it up to date meanwhile.</p>
    </div>
  );
}
