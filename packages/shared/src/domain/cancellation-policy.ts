/**
 * The operator's notice policy for a client cancelling a paid booking (decision 030): how much of
 * the price goes back depends on how long before the start the client cancels. Pure: the caller
 * gives the clock; windows are measured to the minute from the booking's start (an instant, so
 * Africa/Nairobi has no daylight saving to trip over).
 *
 * Defaults: more than 48 hours before the start, 95% (the specification's refund rate); from 24 to
 * 48 hours, 50%; less than 24 hours, or once the booking has started, nothing.
 */
import { formatKes } from '../money.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The policy's defaults and bounds (Settings; the database's checks hold the same bounds). */
export const CANCELLATION_SETTINGS = {
  fullRefundNoticeHours: { default: 48, min: 1, max: 720 },
  fullRefundPercent: { default: 95, min: 0, max: 100 },
  partialRefundNoticeHours: { default: 24, min: 0, max: 720 },
  partialRefundPercent: { default: 50, min: 0, max: 100 },
} as const;

export interface CancellationPolicy {
  /** Cancelled more than this many hours before the start: fullRefundPercent back. */
  fullRefundNoticeHours: number;
  fullRefundPercent: number;
  /** Cancelled at least this many hours (and no more than the first window) before: partialRefundPercent. */
  partialRefundNoticeHours: number;
  partialRefundPercent: number;
}

export const DEFAULT_CANCELLATION_POLICY: CancellationPolicy = {
  fullRefundNoticeHours: CANCELLATION_SETTINGS.fullRefundNoticeHours.default,
  fullRefundPercent: CANCELLATION_SETTINGS.fullRefundPercent.default,
  partialRefundNoticeHours: CANCELLATION_SETTINGS.partialRefundNoticeHours.default,
  partialRefundPercent: CANCELLATION_SETTINGS.partialRefundPercent.default,
};

/** Why a policy cannot be saved, or null: the windows must nest and the shares must fall with them. */
export function policyRefusal(p: CancellationPolicy): { field: keyof CancellationPolicy; message: string } | null {
  if (p.partialRefundNoticeHours >= p.fullRefundNoticeHours)
    return { field: 'partialRefundNoticeHours', message: 'The shorter notice must be fewer hours than the longer one.' };
  if (p.partialRefundPercent > p.fullRefundPercent)
    return { field: 'partialRefundPercent', message: 'A later cancellation cannot get more back than an early one.' };
  return null;
}

/** Which window a cancellation falls in. */
export type CancellationWindow = 'full' | 'partial' | 'none';

export interface CancellationQuote {
  window: CancellationWindow;
  /** Whole minutes from now to the start (negative once it has started). */
  minutesBeforeStart: number;
  percent: number;
  /** The price the booking was paid. */
  amountPaid: number;
  /** What goes back: the percent of what was paid, rounded down to whole KES. */
  refund: number;
}

/** What a client cancelling now gets back of `amountPaid` for a booking starting at `start`. */
export function quoteCancellation(policy: CancellationPolicy, start: Date, now: Date, amountPaid: number): CancellationQuote {
  const msBefore = start.getTime() - now.getTime();
  const minutesBeforeStart = Math.floor(msBefore / MINUTE_MS);
  const window: CancellationWindow =
    msBefore > policy.fullRefundNoticeHours * HOUR_MS
      ? 'full'
      : msBefore >= policy.partialRefundNoticeHours * HOUR_MS && msBefore > 0
        ? 'partial'
        : 'none';
  const percent = window === 'full' ? policy.fullRefundPercent : window === 'partial' ? policy.partialRefundPercent : 0;
  return { window, minutesBeforeStart, percent, amountPaid, refund: Math.floor((amountPaid * percent) / 100) };
}

/** A cancellation with less notice than the longer window: the overview counts these as late. */
export const isLateCancellation = (quote: Pick<CancellationQuote, 'window'>): boolean => quote.window !== 'full';

const hours = (n: number) => `${n} hour${n === 1 ? '' : 's'}`;
const share = (percent: number) => (percent === 0 ? 'nothing is refunded' : `${percent}% of the price is refunded`);

/** The policy in the words the client reads on the booking summary before paying and on the booking. */
export function policyText(p: CancellationPolicy): string {
  const early = `Cancel more than ${hours(p.fullRefundNoticeHours)} before the start and ${share(p.fullRefundPercent)}`;
  if (p.partialRefundPercent === 0) return `${early}; later, nothing is refunded.`;
  const late = p.partialRefundNoticeHours === 0 ? 'after the start' : `less than ${hours(p.partialRefundNoticeHours)} before or after the start`;
  const middle = p.partialRefundNoticeHours === 0 ? `up to the start` : `${hours(p.partialRefundNoticeHours)} to ${hours(p.fullRefundNoticeHours)} before`;
  return `${early}; ${middle}, ${share(p.partialRefundPercent)}; ${late}, nothing is refunded.`;
}

/** What the client reads before confirming: the figure under the policy, now. */
export function quoteText(q: CancellationQuote): string {
  if (q.refund === 0) return 'Under the cancellation policy nothing is refunded at this point.';
  return `Under the cancellation policy you get ${formatKes(q.refund)} back (${q.percent}% of ${formatKes(q.amountPaid)}).`;
}

/** Who cancelled a booking: its client, the OPS office (an admin), or the system (a hold that ran out, money that could not pay). */
export const CANCELLED_BY = ['client', 'admin', 'system'] as const;
export type CancelledBy = (typeof CANCELLED_BY)[number];

/** The reasons a client picks from when cancelling a paid booking; 'Other' needs a few words. */
export const CANCEL_REASONS = ['Plans changed', 'Booked by mistake', 'Found another provider', 'No longer need security', 'Other'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];
