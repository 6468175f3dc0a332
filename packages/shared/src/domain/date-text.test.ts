import { describe, expect, it } from 'vitest';
import { dayText, nairobiDateTimeText } from './date-text.ts';

describe('dates in the product’s words', () => {
  it.each([
    ['2026-11-18', 'Nov 18, 2026'],
    ['2027-03-09', 'Mar 09, 2027'],
    ['2026-01-01', 'Jan 01, 2026'],
    ['2026-12-31', 'Dec 31, 2026'],
  ])('day %s → %s', (day, text) => {
    expect(dayText(day)).toBe(text);
  });

  it.each([
    ['2026-12-09T12:00:00Z', 'Dec 09, 2026 15:00'],
    // Already the next day in Nairobi.
    ['2026-11-30T21:30:59Z', 'Dec 01, 2026 00:30'],
    ['2026-11-30T20:59:00Z', 'Nov 30, 2026 23:59'],
  ])('instant %s → %s', (instant, text) => {
    expect(nairobiDateTimeText(new Date(instant))).toBe(text);
  });
});
