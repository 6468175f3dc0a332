import { formatKes } from '@ops/shared/money';
import { nairobiDate } from '@ops/shared/domain/nairobi-time';
import { monthOf, type AdminPaymentSummary } from '@ops/shared/schemas/admin-payments';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { formatDate } from '@/lib/format-date.ts';
import { useUrlParams } from '@/components/console/use-url-params.ts';
import { usePaymentSummary } from '../../api/get-payment-summary.ts';

export const SUMMARY_LOAD_FAILED = 'Failed to fetch payments data';

const PERIODS = { month: 'This month', last: 'Last month', custom: 'Custom' } as const;
type Period = keyof typeof PERIODS;
const isPeriod = (value: string | null): value is Period => value !== null && value in PERIODS;

/** The chosen period, kept in the address beside the table's filters (summaryPeriod, summaryFrom, summaryTo). */
function usePeriod(today: string) {
  const { params, update } = useUrlParams();
  const raw = params.get('summaryPeriod');
  const period: Period = isPeriod(raw) ? raw : 'month';
  const thisMonth = monthOf(today);
  const custom = { from: params.get('summaryFrom') || thisMonth.from, to: params.get('summaryTo') || thisMonth.to };
  const range = period === 'month' ? thisMonth : period === 'last' ? monthOf(today, 1) : custom;
  const set = (name: string, value: string, fallback: string) =>
    update((p) => {
      if (value && value !== fallback) p.set(name, value);
      else p.delete(name);
    });
  return {
    period,
    range,
    setPeriod: (next: string) => set('summaryPeriod', next, 'month'),
    setFrom: (value: string) => set('summaryFrom', value, ''),
    setTo: (value: string) => set('summaryTo', value, ''),
  };
}

interface Figure {
  key: string;
  label: string;
  value: (s: AdminPaymentSummary) => string;
  note: (s: AdminPaymentSummary) => string;
}

const plural = (n: number, one: string) => `${n.toLocaleString('en-US')} ${one}${n === 1 ? '' : 's'}`;

const FIGURES: readonly Figure[] = [
  { key: 'collected', label: 'Collected', value: (s) => formatKes(s.collected), note: (s) => `${plural(s.collectedCount, 'payment')} received` },
  { key: 'refunded', label: 'Refunded', value: (s) => formatKes(s.refunded), note: (s) => `${plural(s.refundedCount, 'refund')} completed` },
  { key: 'net', label: 'Net', value: (s) => formatKes(s.net), note: () => 'Collected − refunded' },
  { key: 'pending', label: 'Pending', value: (s) => formatKes(s.pending), note: (s) => `${plural(s.pendingCount, 'attempt')} awaiting the provider` },
  {
    key: 'refundsPending',
    label: 'Refunds pending',
    value: (s) => formatKes(s.refundsPending),
    note: (s) => `${plural(s.refundsPendingCount, 'refund')} not completed yet (any period)`,
  },
  {
    key: 'commission',
    label: 'Platform commission',
    value: (s) => formatKes(s.commission),
    note: (s) => `Recorded on paid bookings; rate now ${s.commissionRateBasisPoints / 100}%`,
  },
];

/** The period picker and its six figures, in whole KES. */
export function PaymentSummary() {
  const today = nairobiDate(new Date());
  const { period, range, setPeriod, setFrom, setTo } = usePeriod(today);
  const summary = usePaymentSummary(range);
  const data = summary.data;

  return (
    <section aria-labelledby="payments-summary-title" className="grid gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <h2 id="payments-summary-title" className="mr-auto text-lg font-semibold">
          Summary{' '}
          <span className="text-sm font-normal text-muted-foreground">
            {formatDate(range.from)} – {formatDate(range.to)}
          </span>
        </h2>
        <div className="grid gap-1.5">
          <Label htmlFor="payments-period">Period</Label>
          <NativeSelect id="payments-period" className="w-40" value={period} onChange={(e) => setPeriod(e.target.value)}>
            {Object.entries(PERIODS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </div>
        {period === 'custom' ? (
          <>
            <div className="grid gap-1.5">
              <Label htmlFor="payments-period-from">Period from</Label>
              <Input id="payments-period-from" type="date" className="w-40" value={range.from} max={range.to} onChange={(e) => setFrom(e.target.value)} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="payments-period-to">Period to</Label>
              <Input id="payments-period-to" type="date" className="w-40" value={range.to} min={range.from} onChange={(e) => setTo(e.target.value)} />
            </div>
          </>
        ) : null}
      </div>
      {summary.error && !data ? (
        <p role="alert" className="text-sm text-destructive">
          {SUMMARY_LOAD_FAILED}
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-3" aria-busy={summary.isFetching}>
          {FIGURES.map((figure) => (
            <li key={figure.key}>
              <Card className="h-full" role="group" aria-labelledby={`payments-figure-${figure.key}`}>
                <CardContent className="grid gap-1 p-4">
                  <p id={`payments-figure-${figure.key}`} className="text-sm text-muted-foreground">
                    {figure.label}
                  </p>
                  {data ? (
                    <>
                      <p className="text-2xl font-bold break-words tabular-nums">{figure.value(data)}</p>
                      <p className="text-xs text-muted-foreground">{figure.note(data)}</p>
                    </>
                  ) : (
                    <Skeleton className="h-8 w-32" />
                  )}
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
