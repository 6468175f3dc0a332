import type { LucideIcon } from 'lucide-react';
import { CalendarCheck, CalendarClock, CalendarX, Clock, ShieldCheck, Shield, Users, Wallet } from 'lucide-react';
import { formatKes } from '@ops/shared/money';
import type { AdminOverviewStats } from '@ops/shared/schemas/admin';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { cn } from '@/lib/utils.ts';

interface Stat {
  key: keyof AdminOverviewStats;
  label: string;
  icon: LucideIcon;
  format: (value: number) => string;
  /** Money needs the full width of a phone. */
  wide?: boolean;
}

const count = (value: number) => value.toLocaleString('en-US');

const STATS: readonly Stat[] = [
  { key: 'totalGuards', label: 'Total Guards', icon: Shield, format: count },
  { key: 'approvedGuards', label: 'Approved Guards', icon: ShieldCheck, format: count },
  { key: 'pendingApprovals', label: 'Pending Approvals', icon: Clock, format: count },
  { key: 'totalClients', label: 'Total Clients', icon: Users, format: count },
  { key: 'activeBookings', label: 'Active Bookings', icon: CalendarClock, format: count },
  { key: 'completedBookings', label: 'Completed Bookings', icon: CalendarCheck, format: count },
  { key: 'lateCancellations', label: 'Late Cancellations (month)', icon: CalendarX, format: count, wide: true },
  { key: 'monthlyRevenue', label: 'Monthly Revenue', icon: Wallet, format: formatKes, wide: true },
];

const grid = 'grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4';
const wideCell = 'col-span-2 lg:col-span-1';

/** The eight figures, two a row on a phone (the last two a row each) and four on a desk; each card is named by its label. */
export function OverviewStats({ stats }: { stats: AdminOverviewStats }) {
  return (
    <section aria-label="Statistics">
      <ul className={grid}>
        {STATS.map(({ key, label, icon: Icon, format, wide }) => (
          <li key={key} className={cn(wide && wideCell)}>
            <Card className="h-full" role="group" aria-labelledby={`overview-stat-${key}`}>
              <CardContent className="flex items-start justify-between gap-2 p-4 sm:p-5">
                <div className="grid min-w-0 gap-1">
                  <p id={`overview-stat-${key}`} className="text-sm text-muted-foreground">
                    {label}
                  </p>
                  <p className="text-2xl font-bold tabular-nums break-words sm:text-3xl">{format(stats[key])}</p>
                </div>
                <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The same grid in grey while the figures load. */
export function OverviewStatsSkeleton() {
  return (
    <ul className={grid} aria-hidden="true">
      {STATS.map(({ key, wide }) => (
        <li key={key} className={cn(wide && wideCell)}>
          <div className="h-[5.5rem] animate-pulse rounded-xl bg-muted sm:h-[6.5rem]" />
        </li>
      ))}
    </ul>
  );
}
