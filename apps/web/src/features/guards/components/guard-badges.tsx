import { Link } from 'wouter';
import { GraduationCap, ShieldAlert, ShieldCheck } from 'lucide-react';
import type { AcademyCertifiedDto } from '@ops/shared/schemas/certificates';
import { Badge, badgeVariants } from '@/components/ui/badge.tsx';

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

/** 'Academy Certified': the guard's valid academy certificate, linked to its public verify page. */
export function AcademyCertifiedBadge({ certificate }: { certificate: AcademyCertifiedDto }) {
  const label = `Academy Certified: ${certificate.courseName}`;
  return (
    <Link
      to={`/cert/verify/${encodeURIComponent(certificate.certificateRef)}`}
      title={label}
      aria-label={`${label} (verify certificate)`}
      className={`${badgeVariants({ variant: 'outline' })} border-primary text-primary hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring`}
    >
      <GraduationCap className="size-3.5" aria-hidden="true" />
      Academy Certified
    </Link>
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
