import { useId } from 'react';
import { Link } from 'wouter';
import { BriefcaseBusiness } from 'lucide-react';
import { formatKes } from '@ops/shared/money';
import type { PublicGuardDto } from '@ops/shared/schemas/guards';
import { RatingStars } from '@/components/rating-stars.tsx';
import { Avatar } from '@/components/ui/avatar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card.tsx';
import { AcademyCertifiedBadge, ApprovalBadge, AvailabilityBadge, experienceText, HighRiskBadge, reviewCountText } from './guard-badges.tsx';

/**
 * The specification's 'From KES 1,200/hour' (the personal service's base rate), for a guard without
 * an hourly rate of their own. A guard with one is quoted at it, so the card says it.
 */
const BASE_FROM_RATE_KES = 1200;

/** What the card's price line starts from: the guard's hourly rate (a stored 0 counts as none, as in pricing). */
const cardFromRate = (rateHourly: number | null): number => (rateHourly !== null && rateHourly > 0 ? rateHourly : BASE_FROM_RATE_KES);

export const NOT_TAKING_BOOKINGS = 'This guard is not taking bookings right now';

interface GuardCardProps {
  guard: PublicGuardDto;
  /** Only clients book: they get 'View Profile' and 'Book Now'; everyone else sees the card alone. */
  canBook: boolean;
  headingLevel?: 'h2' | 'h3';
}

export function GuardCard({ guard, canBook, headingLevel: Heading = 'h2' }: GuardCardProps) {
  const headingId = useId();
  const reasonId = useId();
  const rated = guard.reviewCount > 0 && guard.averageRating !== null;
  return (
    <Card className="flex flex-col" role="article" aria-labelledby={headingId}>
      <CardHeader className="flex-row items-center gap-4">
        <Avatar name={guard.displayName} src={guard.avatarUrl} />
        <div className="min-w-0">
          <Heading id={headingId} className="truncate text-lg font-semibold">
            {guard.displayName}
          </Heading>
          <p className="text-sm text-muted-foreground">{guard.specialization ?? 'Security Guard'}</p>
        </div>
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-3">
        <div className="flex flex-wrap gap-2">
          <ApprovalBadge approved={guard.approved} />
          {guard.highRiskCertified ? <HighRiskBadge /> : null}
          {guard.academyCertified ? <AcademyCertifiedBadge certificate={guard.academyCertified} /> : null}
          {guard.availability ? null : <AvailabilityBadge available={false} />}
        </div>
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <BriefcaseBusiness className="size-4" aria-hidden="true" />
          {experienceText(guard.experienceYears)}
        </p>
        {rated ? (
          <p className="flex items-center gap-2 text-sm">
            <RatingStars rating={guard.averageRating ?? 0} />
            <span>
              {(guard.averageRating ?? 0).toFixed(1)} ({reviewCountText(guard.reviewCount)})
            </span>
          </p>
        ) : null}
        <p className="font-semibold">From {formatKes(cardFromRate(guard.rateHourly))}/hour</p>
      </CardContent>
      {canBook ? (
        <CardFooter className="grid grid-cols-2 gap-2">
          <Button asChild variant="outline" aria-describedby={headingId}>
            <Link to={`/guard/${guard.id}`}>View Profile</Link>
          </Button>
          {guard.availability ? (
            <Button asChild variant="accent" aria-describedby={headingId}>
              <Link to={`/booking?guardId=${encodeURIComponent(guard.id)}`}>Book Now</Link>
            </Button>
          ) : (
            <Button variant="accent" disabled aria-describedby={`${reasonId} ${headingId}`}>
              Book Now
            </Button>
          )}
          {guard.availability ? null : (
            <p id={reasonId} className="col-span-2 text-center text-sm text-muted-foreground">
              {NOT_TAKING_BOOKINGS}
            </p>
          )}
        </CardFooter>
      ) : null}
    </Card>
  );
}
