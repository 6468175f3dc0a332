import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { formatKes, formatUsdFromKes } from '@ops/shared/money';
import type { GuardDetailsDto } from '@ops/shared/schemas/guards';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { useSignInPath } from '@/lib/sign-in-path.ts';

/** Who is looking at the profile, as far as booking goes. */
export type GuardViewer = 'guest' | 'client' | 'other';

function Rate({ label, amount }: { label: string; amount: number | null }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right">
        {amount === null ? (
          <span className="text-muted-foreground">Not set</span>
        ) : (
          <>
            <span className="text-lg font-semibold">{formatKes(amount)}</span>{' '}
            <span className="text-sm text-muted-foreground">{formatUsdFromKes(amount)}</span>
          </>
        )}
      </dd>
    </div>
  );
}

/** The page's way to book this guard (the booking wizard lives in another area). */
export type RenderBookAction = (guard: GuardDetailsDto) => ReactNode;

interface BookingActionProps {
  guard: GuardDetailsDto;
  viewer: GuardViewer;
  renderBookAction?: RenderBookAction | undefined;
}

function BookingAction({ guard, viewer, renderBookAction }: BookingActionProps) {
  const signInPath = useSignInPath();
  if (viewer === 'guest') {
    return (
      <div className="grid w-full gap-3 text-center">
        <p className="text-sm text-muted-foreground">Please log in to book this guard</p>
        <Button asChild variant="outline">
          <Link to={signInPath}>Sign In</Link>
        </Button>
      </div>
    );
  }
  if (viewer === 'other') {
    return <p className="text-sm text-muted-foreground">Only client accounts can book security guards.</p>;
  }
  if (!guard.availability) {
    return <p className="text-sm text-muted-foreground">This guard is not available for booking right now.</p>;
  }
  return renderBookAction?.(guard) ?? null;
}

interface GuardRatesCardProps {
  guard: GuardDetailsDto;
  viewer: GuardViewer | null;
  renderBookAction?: RenderBookAction | undefined;
}

export function GuardRatesCard({ guard, viewer, renderBookAction }: GuardRatesCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Rates</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3">
          <Rate label="Hourly rate" amount={guard.rateHourly} />
          <Rate label="Daily rate" amount={guard.rateDaily} />
        </dl>
      </CardContent>
      {viewer ? (
        <CardFooter>
          <BookingAction guard={guard} viewer={viewer} renderBookAction={renderBookAction} />
        </CardFooter>
      ) : null}
    </Card>
  );
}
