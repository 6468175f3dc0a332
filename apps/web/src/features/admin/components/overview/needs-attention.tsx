import { Link, useLocation } from 'wouter';
import { CREDENTIAL_LABELS } from '@ops/shared/domain/guard-credentials';
import type { AdminOverviewDto, AttentionCredential } from '@ops/shared/schemas/admin';
import { Badge } from '@/components/ui/badge.tsx';
import { buttonVariants } from '@/components/ui/button-variants.ts';
import { formatDateTime, formatRelativeTime } from '@/lib/format-date.ts';
import { formatDay } from '@/lib/format-console-date.ts';
import { AttentionGroup } from './attention-group.tsx';
import { daysUntil } from './calendar-day.ts';

type Attention = AdminOverviewDto['attention'];

function expiresIn(days: number): string {
  if (days <= 0) return 'Expires today';
  return days === 1 ? 'Expires in 1 day' : `Expires in ${days} days`;
}

function CredentialState({ item }: { item: AttentionCredential }) {
  if (item.state === 'missing' || !item.expiresOn) return <Badge variant="destructive">Missing</Badge>;
  if (item.state === 'expired') return <Badge variant="destructive">Expired</Badge>;
  return (
    <Badge variant="outline" className="border-accent text-accent-text">
      {expiresIn(daysUntil(item.expiresOn))}
    </Badge>
  );
}

/** The work waiting for an operator: guards to approve, credentials running out, paid bookings that still lack their guards. */
export function NeedsAttention({ attention }: { attention: Attention }) {
  const [path] = useLocation();
  const { pendingGuards, credentials, unstaffedBookings, totals } = attention;
  const linkClass = buttonVariants({ variant: 'outline', size: 'sm', className: 'w-full sm:w-auto' });

  return (
    <section aria-labelledby="needs-attention-title" className="grid gap-3">
      <h2 id="needs-attention-title" className="text-lg font-semibold">
        Needs attention
      </h2>
      <div className="grid gap-4 lg:grid-cols-3">
        <AttentionGroup
          id="pending-guards"
          title="Waiting for approval"
          total={totals.pendingGuards}
          shown={pendingGuards.length}
          action={
            <Link href={`${path}?view=onboarding&tab=pending`} className={linkClass}>
              Review in Officer Onboarding
            </Link>
          }
        >
          {pendingGuards.map((guard) => (
            <li key={guard.profileId} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
              <span className="font-medium">{guard.fullName}</span>
              <span className="text-sm text-muted-foreground">Signed up {formatRelativeTime(guard.createdAt)}</span>
            </li>
          ))}
        </AttentionGroup>

        <AttentionGroup id="credentials" title="Licence or clearance" total={totals.credentials} shown={credentials.length}>
          {credentials.map((item) => (
            <li key={`${item.profileId}-${item.credential}`} className="grid gap-1 py-2">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">{item.fullName}</span>
                <CredentialState item={item} />
              </div>
              <span className="text-sm text-muted-foreground">
                {CREDENTIAL_LABELS[item.credential]}
                {item.expiresOn ? ` · ${formatDay(item.expiresOn)}` : ''}
              </span>
            </li>
          ))}
        </AttentionGroup>

        <AttentionGroup id="unstaffed-bookings" title="Paid, still lacking guards" total={totals.unstaffedBookings} shown={unstaffedBookings.length}>
          {unstaffedBookings.map((booking) => (
            <li key={booking.id} className="grid gap-1 py-2">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <Link
                  href={`${path}?view=bookings&q=${encodeURIComponent(booking.reference)}`}
                  className="font-mono text-sm font-semibold text-primary underline-offset-4 hover:underline"
                  aria-label={`Staff booking ${booking.reference}`}
                >
                  {booking.reference}
                </Link>
                <span className="text-sm">{booking.clientName}</span>
              </div>
              <span className="text-sm text-muted-foreground">
                {formatDateTime(booking.startTime)} · {booking.serviceLabel}
              </span>
            </li>
          ))}
        </AttentionGroup>
      </div>
    </section>
  );
}
