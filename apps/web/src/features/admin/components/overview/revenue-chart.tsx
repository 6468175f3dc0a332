import { formatKes } from '@ops/shared/money';
import type { RevenueWeek } from '@ops/shared/schemas/admin';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { cn } from '@/lib/utils.ts';
import { formatShortDay } from './calendar-day.ts';

const BAR_WIDTH = 10;
const BAR_GAP = 4;
const CHART_HEIGHT = 100;

/**
 * Revenue of completed bookings, week by week, the current week last. The bars are drawn for the
 * eye; the same figures are in a table for screen readers.
 */
export function RevenueChart({ weeks }: { weeks: RevenueWeek[] }) {
  const max = Math.max(0, ...weeks.map((w) => w.revenue));
  const total = weeks.reduce((sum, w) => sum + w.revenue, 0);
  const width = weeks.length * (BAR_WIDTH + BAR_GAP) - BAR_GAP;

  return (
    <Card role="region" aria-labelledby="revenue-chart-title">
      <CardHeader className="flex-row flex-wrap items-baseline justify-between gap-x-4 gap-y-1 pb-4">
        <div className="grid gap-1">
          <CardTitle id="revenue-chart-title" className="text-lg">
            Revenue, last {weeks.length} weeks
          </CardTitle>
          <CardDescription>Completed bookings, by week</CardDescription>
        </div>
        <p className="text-2xl font-bold tabular-nums">{formatKes(total)}</p>
      </CardHeader>
      <CardContent>
        <div className="relative h-40 border-b">
          <svg
            className="absolute inset-0 size-full"
            viewBox={`0 0 ${width} ${CHART_HEIGHT}`}
            preserveAspectRatio="none"
            aria-hidden="true"
            focusable="false"
          >
            {weeks.map((week, index) => {
              const height = max > 0 ? (week.revenue / max) * CHART_HEIGHT : 0;
              return (
                <rect
                  key={week.weekStart}
                  x={index * (BAR_WIDTH + BAR_GAP)}
                  y={CHART_HEIGHT - height}
                  width={BAR_WIDTH}
                  height={height}
                  className={index === weeks.length - 1 ? 'fill-accent' : 'fill-primary'}
                >
                  <title>{`Week of ${formatShortDay(week.weekStart)}: ${formatKes(week.revenue)}`}</title>
                </rect>
              );
            })}
          </svg>
        </div>
        <ol
          className="@container mt-2 grid text-xs text-muted-foreground"
          style={{ gridTemplateColumns: `repeat(${weeks.length}, minmax(0, 1fr))` }}
          aria-hidden="true"
        >
          {weeks.map((week, index) => (
            // Under its bar, whole: on a narrow chart every other date, each taking its neighbour's room too.
            <li key={week.weekStart} className={cn('flex justify-center', index % 2 === 1 && 'invisible @xl:visible')}>
              <span className="whitespace-nowrap">{formatShortDay(week.weekStart)}</span>
            </li>
          ))}
        </ol>
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground" aria-hidden="true">
          <span>
            Best week <span className="font-semibold text-foreground tabular-nums">{formatKes(max)}</span>
          </span>
          <span className="inline-flex items-center gap-1.5">
            <span className="size-2.5 rounded-sm bg-accent" />
            This week <span className="font-semibold text-foreground tabular-nums">{formatKes(weeks.at(-1)?.revenue ?? 0)}</span>
          </span>
        </p>
        <table className="sr-only">
          <caption>Revenue by week</caption>
          <thead>
            <tr>
              <th scope="col">Week of</th>
              <th scope="col">Revenue</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.weekStart}>
                <th scope="row">{formatShortDay(week.weekStart)}</th>
                <td>{formatKes(week.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
