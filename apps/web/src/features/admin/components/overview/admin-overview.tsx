import { AlertTriangle, RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { messageFrom } from '@/lib/notify.ts';
import { useErrorToast } from '@/lib/use-error-toast.ts';
import { useAdminOverview } from '../../api/get-admin-overview.ts';
import { NeedsAttention } from './needs-attention.tsx';
import { OverviewStats, OverviewStatsSkeleton } from './overview-stats.tsx';
import { RevenueChart } from './revenue-chart.tsx';

export const OVERVIEW_LOAD_FAILED = 'Failed to load dashboard data';

function OverviewSkeleton() {
  return (
    <div role="status" aria-label="Loading dashboard" className="grid gap-6">
      <OverviewStatsSkeleton />
      <div className="h-72 animate-pulse rounded-xl bg-muted" aria-hidden="true" />
      <div className="grid gap-4 lg:grid-cols-3" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-48 animate-pulse rounded-xl bg-muted" />
        ))}
      </div>
    </div>
  );
}

function OverviewError({ message, retrying, onRetry }: { message: string; retrying: boolean; onRetry: () => void }) {
  return (
    <Card role="alert" className="border-destructive/40">
      <CardContent className="flex flex-col items-start gap-3 p-6">
        <div className="flex items-center gap-2 text-destructive">
          <AlertTriangle className="size-5" aria-hidden="true" />
          <p className="font-semibold">{OVERVIEW_LOAD_FAILED}</p>
        </div>
        <p className="text-sm text-muted-foreground">{message}</p>
        <Button variant="outline" onClick={onRetry} disabled={retrying}>
          <RotateCw aria-hidden="true" />
          Try again
        </Button>
      </CardContent>
    </Card>
  );
}

/** The console's first view: the figures, revenue by week, and what is waiting for an operator. */
export function AdminOverview() {
  const overview = useAdminOverview();
  useErrorToast(overview.error, OVERVIEW_LOAD_FAILED);

  // A failed refresh keeps the figures already shown; the toast says the latest load failed.
  if (!overview.data) {
    if (!overview.isError) return <OverviewSkeleton />;
    return <OverviewError message={messageFrom(overview.error)} retrying={overview.isFetching} onRetry={() => void overview.refetch()} />;
  }

  const { stats, revenueByWeek, attention } = overview.data;
  return (
    <div className="grid gap-6">
      <OverviewStats stats={stats} />
      <RevenueChart weeks={revenueByWeek} />
      <NeedsAttention attention={attention} />
    </div>
  );
}
