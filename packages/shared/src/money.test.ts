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

  it('rounds half away from zero on the written figure, as Intl does (1.005 dollars is $1.01)', () => {
    expect(formatUsdFromKes(145.725)).toBe('$1.01');
    expect(formatKes(2.5)).toBe('KES 3');
    expect(formatKes(-1234.5)).toBe('KES -1,235');
    expect(formatKes(-0.2)).toBe('KES 0');
  });

  it('writes the same figures as Intl.NumberFormat over a wide sweep of amounts', () => {
    const kes = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 });
    const usd = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (let i = 0; i < 5000; i++) {
      const whole = (i * 7919) % 10 ** (1 + (i % 8));
      const amount = i % 2 ? whole : whole + (i % 1000) / 1000;
      expect(formatKes(amount)).toBe(`KES ${kes.format(amount)}`);
      expect(formatUsdFromKes(amount)).toBe(`$${usd.format(amount / 145)}`);
    }
  });
});
