import type { LucideIcon } from 'lucide-react';
import { CalendarCheck, CalendarClock, CheckCircle2, Wallet } from 'lucide-react';
import { formatKes } from '@ops/shared/money';
import type { ClientStatsDto } from '@ops/shared/schemas/bookings';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { useClientStats } from '../api/get-client-stats.ts';

interface Stat {
  key: keyof ClientStatsDto;
  label: string;
  icon: LucideIcon;
  format: (value: number) => string;
}

const STATS: readonly Stat[] = [
  { key: 'totalBookings', label: 'Total Bookings', icon: CalendarCheck, format: String },
  { key: 'activeBookings', label: 'Active Bookings', icon: CalendarClock, format: String },
  { key: 'completed', label: 'Completed', icon: CheckCircle2, format: String },
  { key: 'totalSpent', label: 'Total Spent', icon: Wallet, format: formatKes },
];

/** The client dashboard's four figures; a dash until (or unless) they arrive. */
export function ClientStats() {
  const stats = useClientStats();
  return (
    <section aria-label="Booking statistics" aria-busy={stats.isPending}>
      <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {STATS.map(({ key, label, icon: Icon, format }) => (
          <li key={key}>
            <Card className="h-full" role="group" aria-labelledby={`stat-${key}`}>
              <CardContent className="flex items-start justify-between gap-2 p-4 sm:p-6">
                <div className="grid min-w-0 gap-1">
                  <p id={`stat-${key}`} className="text-sm text-muted-foreground">
                    {label}
                  </p>
                  <p className="text-lg font-bold break-words sm:text-2xl">{stats.data ? format(stats.data[key]) : '—'}</p>
                </div>
                <Icon className="hidden size-5 shrink-0 text-muted-foreground sm:block" aria-hidden="true" />
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
