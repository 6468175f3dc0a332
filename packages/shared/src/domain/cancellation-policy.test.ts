import { describe, expect, it } from 'vitest';
import { DEFAULT_CANCELLATION_POLICY as P, isLateCancellation, policyRefusal, policyText, quoteCancellation, quoteText } from './cancellation-policy.ts';

const at = (iso: string) => new Date(`${iso}+03:00`);
const start = at('2026-12-10T08:00');

describe('quoteCancellation, each window boundary to the minute (Africa/Nairobi)', () => {
  it.each([
    ['2026-12-01T08:00', 'full', 95, 9500],
    ['2026-12-08T07:59', 'full', 95, 9500],
    ['2026-12-08T08:00', 'partial', 50, 5000],
    ['2026-12-08T08:01', 'partial', 50, 5000],
    ['2026-12-09T08:00', 'partial', 50, 5000],
    ['2026-12-09T08:01', 'none', 0, 0],
    ['2026-12-10T07:59', 'none', 0, 0],
    ['2026-12-10T08:00', 'none', 0, 0],
    ['2026-12-10T20:00', 'none', 0, 0],
  ] as const)('cancelled at %s: %s window, %i%%, KES %i back of 10,000', (now, window, percent, refund) => {
    const quote = quoteCancellation(P, start, at(now), 10_000);
    expect(quote).toMatchObject({ window, percent, refund, amountPaid: 10_000 });
  });

  it('counts whole minutes before the start, negative once it has started', () => {
    expect(quoteCancellation(P, start, at('2026-12-08T07:30'), 1).minutesBeforeStart).toBe(48 * 60 + 30);
    expect(quoteCancellation(P, start, new Date(start.getTime() + 90_000), 1).minutesBeforeStart).toBe(-2);
  });

  it('rounds the refund down to whole KES', () => {
    expect(quoteCancellation(P, start, at('2026-12-01T08:00'), 1999).refund).toBe(1899);
    expect(quoteCancellation(P, start, at('2026-12-09T00:00'), 1999).refund).toBe(999);
  });

  it('follows the operator’s windows and shares', () => {
    const policy = { fullRefundNoticeHours: 72, fullRefundPercent: 100, partialRefundNoticeHours: 0, partialRefundPercent: 25 };
    expect(quoteCancellation(policy, start, at('2026-12-07T07:59'), 400)).toMatchObject({ window: 'full', refund: 400 });
    expect(quoteCancellation(policy, start, at('2026-12-10T07:59'), 400)).toMatchObject({ window: 'partial', refund: 100 });
    expect(quoteCancellation(policy, start, at('2026-12-10T08:00'), 400)).toMatchObject({ window: 'none', refund: 0 });
  });

  it('counts anything but the early window as a late cancellation', () => {
    expect(isLateCancellation({ window: 'full' })).toBe(false);
    expect(isLateCancellation({ window: 'partial' })).toBe(true);
    expect(isLateCancellation({ window: 'none' })).toBe(true);
  });
});

describe('the policy in words', () => {
  it('states the default policy', () => {
    expect(policyText(P)).toBe(
      'Cancel more than 48 hours before the start and 95% of the price is refunded; 24 hours to 48 hours before, 50% of the price is refunded; less than 24 hours before or after the start, nothing is refunded.',
    );
  });

  it('states a policy with no middle share, and one whose middle share runs up to the start', () => {
    expect(policyText({ ...P, partialRefundPercent: 0 })).toBe(
      'Cancel more than 48 hours before the start and 95% of the price is refunded; later, nothing is refunded.',
    );
    expect(policyText({ ...P, partialRefundNoticeHours: 0, fullRefundNoticeHours: 1 })).toBe(
      'Cancel more than 1 hour before the start and 95% of the price is refunded; up to the start, 50% of the price is refunded; after the start, nothing is refunded.',
    );
  });

  it('quotes the figure the client gets back', () => {
    expect(quoteText(quoteCancellation(P, start, at('2026-12-08T10:00'), 12_000))).toBe(
      'Under the cancellation policy you get KES 6,000 back (50% of KES 12,000).',
    );
    expect(quoteText(quoteCancellation(P, start, at('2026-12-10T07:00'), 12_000))).toBe(
      'Under the cancellation policy nothing is refunded at this point.',
    );
  });
});

describe('policyRefusal', () => {
  it('accepts the defaults', () => expect(policyRefusal(P)).toBeNull());
  it('refuses windows that do not nest and shares that rise with less notice', () => {
    expect(policyRefusal({ ...P, partialRefundNoticeHours: 48 })?.field).toBe('partialRefundNoticeHours');
    expect(policyRefusal({ ...P, partialRefundPercent: 96 })?.field).toBe('partialRefundPercent');
  });
});
