import { RefreshCw } from 'lucide-react';
import { policyText } from '@ops/shared/domain/cancellation-policy';
import { formatKes, formatUsdFromKes } from '@ops/shared/money';
import type { BookingQuoteDto } from '@ops/shared/schemas/booking-input';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { formatDateTime } from '@/lib/format-date.ts';
import { usePublicSettings } from '@/lib/public-settings.ts';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** '2 guards × 8 hours × KES 1,800/hour', from the server's numbers alone. */
export function quoteBreakdown(quote: BookingQuoteDto, teamSize: number, durationType: 'hourly' | 'daily'): string {
  if (durationType === 'hourly') {
    return `${plural(teamSize, 'guard')} × ${plural(quote.durationHours, 'hour')} × ${formatKes(quote.hourlyRate)}/hour`;
  }
  const days = Math.max(1, Math.round(quote.durationHours / 24));
  return `${plural(teamSize, 'guard')} × ${plural(days, 'day')} × ${formatKes(Math.round(quote.price / (teamSize * days)))}/day`;
}

interface QuoteSummaryProps {
  quote: BookingQuoteDto | undefined;
  loading: boolean;
  /** The quote failed for a reason that is not about a field (network, server). */
  failed: boolean;
  onRetry: () => void;
  teamSize: number;
  durationType: 'hourly' | 'daily';
}

/** The price the server quoted for this booking, with how it is made up. */
export function QuoteSummary({ quote, loading, failed, onRetry, teamSize, durationType }: QuoteSummaryProps) {
  const { cancellationPolicy } = usePublicSettings();
  if (loading) {
    return (
      <div className="flex items-center gap-3 rounded-lg bg-muted p-4 text-sm text-muted-foreground">
        <Spinner label="Calculating your price" className="size-5" />
        Calculating your price...
      </div>
    );
  }
  if (failed || !quote) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-muted p-4 text-sm" role="alert">
        <p>We could not calculate the price right now.</p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RefreshCw aria-hidden="true" />
          Try again
        </Button>
      </div>
    );
  }
  return (
    <section aria-label="Price" className="grid gap-2 rounded-lg bg-muted p-4">
      <p className="text-sm text-muted-foreground">{quoteBreakdown(quote, teamSize, durationType)}</p>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-medium">Total</p>
        <p className="text-right">
          <span className="block text-2xl font-bold">{formatKes(quote.price)}</span>
          <span className="text-xs text-muted-foreground">{formatUsdFromKes(quote.price)}</span>
        </p>
      </div>
      <p className="text-xs text-muted-foreground">Ends {formatDateTime(quote.endTime)} (Nairobi time)</p>
      <p className="text-xs text-muted-foreground">
        <span className="font-medium">Cancellation policy:</span> {policyText(cancellationPolicy)}
      </p>
    </section>
  );
}
