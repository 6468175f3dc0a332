import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { Badge } from '@/components/ui/badge.tsx';

/** 'Verified' once the provider's team approved the guard; until then 'Pending Approval'. */
export function ApprovalBadge({ approved }: { approved: boolean }) {
  return approved ? (
    <Badge>
      <ShieldCheck className="size-3.5" aria-hidden="true" />
      Verified
    </Badge>
  ) : (
    <Badge variant="secondary">Pending Approval</Badge>
  );
}

export function HighRiskBadge() {
  return (
    <Badge variant="accent">
      <ShieldAlert className="size-3.5" aria-hidden="true" />
      High Risk Certified
    </Badge>
  );
}

export function AvailabilityBadge({ available }: { available: boolean }) {
  return available ? (
    <Badge variant="outline" className="border-success text-success">
      Available
    </Badge>
  ) : (
    <Badge variant="outline" className="text-muted-foreground">
      Unavailable
    </Badge>
  );
}

export function experienceText(years: number): string {
  return `${years} ${years === 1 ? 'year' : 'years'} experience`;
}

export function reviewCountText(count: number): string {
  return `${count} ${count === 1 ? 'review' : 'reviews'}`;
}
