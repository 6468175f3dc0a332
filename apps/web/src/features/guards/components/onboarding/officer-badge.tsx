import type { OfficerBadge as OfficerBadgeName } from '@ops/shared/domain/officer-onboarding';
import { Badge } from '@/components/ui/badge.tsx';

const LOOKS: Record<OfficerBadgeName, { variant: 'destructive' | 'default' | 'accent'; className?: string }> = {
  Rejected: { variant: 'destructive' },
  'Deployment Ready': { variant: 'default', className: 'bg-success text-white' },
  Approved: { variant: 'default' },
  Pending: { variant: 'accent' },
};

/** The badge the server chose (Rejected, then Deployment Ready, then Approved, then Pending). */
export function OfficerBadge({ badge }: { badge: OfficerBadgeName }) {
  const { variant, className } = LOOKS[badge];
  return (
    <Badge variant={variant} className={className}>
      {badge}
    </Badge>
  );
}
