import { describe, expect, it } from 'vitest';
import { formatKes, formatUsdFromKes, usdToKes } from './money.ts';

describe('money', () => {
  it.each([
    [0, 'KES 0'],
    [1200, 'KES 1,200'],
    [150000, 'KES 150,000'],
    [1234567, 'KES 1,234,567'],
  ])('formats %i as %j with no decimals', (amount, text) => {
    expect(formatKes(amount)).toBe(text);
  });

  it.each([
    [1450, '$10.00'],
    [1200, '$8.28'],
    [145000, '$1,000.00'],
  ])('shows %i KES as %j at 145 KES to the dollar', (amount, text) => {
    expect(formatUsdFromKes(amount)).toBe(text);
  });

  it.each([
    [10, 1450],
    [8.28, 1201],
    [0, 0],
    [24.99, 3624],
  ])('stores a USD rate of %f as %i whole KES', (usd, kes) => {
    expect(usdToKes(usd)).toBe(kes);
    expect(Number.isInteger(usdToKes(usd))).toBe(true);
  });
});
