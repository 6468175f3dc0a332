import { BriefcaseBusiness } from 'lucide-react';
import type { GuardDetailsDto } from '@ops/shared/schemas/guards';
import { RatingStars } from '@/components/rating-stars.tsx';
import { Avatar } from '@/components/ui/avatar.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { AcademyCertifiedBadge, AvailabilityBadge, experienceText, HighRiskBadge, reviewCountText } from './guard-badges.tsx';

export function GuardProfileHeader({ guard }: { guard: GuardDetailsDto }) {
  const rated = guard.reviewCount > 0 && guard.averageRating !== null;
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 pt-6 text-center sm:flex-row sm:items-start sm:text-left">
        <Avatar name={guard.displayName} src={guard.avatarUrl} size="lg" />
        <div className="grid min-w-0 gap-2">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{guard.displayName}</h1>
          <p className="text-muted-foreground">{guard.specialization ?? 'Security Guard'}</p>
          <p className="flex items-center justify-center gap-2 text-sm text-muted-foreground sm:justify-start">
            <BriefcaseBusiness className="size-4" aria-hidden="true" />
            {experienceText(guard.experienceYears)}
          </p>
          {rated ? (
            <p className="flex items-center justify-center gap-2 text-sm sm:justify-start">
              <RatingStars rating={guard.averageRating ?? 0} />
              <span className="font-semibold">{(guard.averageRating ?? 0).toFixed(1)}</span>
              <span className="text-muted-foreground">({reviewCountText(guard.reviewCount)})</span>
            </p>
          ) : null}
          <div className="flex flex-wrap justify-center gap-2 sm:justify-start">
            {guard.highRiskCertified ? <HighRiskBadge /> : null}
            {guard.academyCertified ? <AcademyCertifiedBadge certificate={guard.academyCertified} /> : null}
            <AvailabilityBadge available={guard.availability} />
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
