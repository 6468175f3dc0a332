import { formatKes, formatUsdFromKes } from '@ops/shared/money';
import type { FormQuote } from '@ops/shared/domain/form-pricing';
import { formatDateTime } from '@/lib/format-date.ts';

/** The live estimate of the single-page form, by the same rates the server prices with. */
export function FormBookingQuote({ quote }: { quote: FormQuote | null }) {
  return (
    <section aria-label="Estimated price" aria-live="polite" className="grid gap-2 rounded-lg bg-muted p-4">
      {quote ? (
        <>
          <p className="text-sm text-muted-foreground">{quote.breakdown}</p>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="font-medium">Estimated total</p>
            <p className="text-right">
              <span className="block text-2xl font-bold">{formatKes(quote.price)}</span>
              <span className="text-xs text-muted-foreground">{formatUsdFromKes(quote.price)}</span>
            </p>
          </div>
          <p className="text-xs text-muted-foreground">
            {formatDateTime(quote.start)} to {formatDateTime(quote.end)} (Nairobi time)
          </p>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">Choose a service and a schedule to see the price.</p>
      )}
    </section>
  );
}
