import { describe, expect, it } from 'vitest';
import { commissionAmount, refundAmount } from './pricing.ts';

describe('refundAmount: 95% rounded down', () => {
  it.each([
    [0, 0],
    [1, 0],
    [19, 18],
    [20, 19],
    [100, 95],
    [1001, 950],
    [1200, 1140],
    [9999, 9499],
    [150000, 142500],
  ])('KES %i paid → KES %i back', (paid, refund) => {
    expect(refundAmount(paid)).toBe(refund);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses %d', (paid) => {
    expect(() => refundAmount(paid)).toThrow(RangeError);
  });
});

describe('commissionAmount: basis points, rounded down', () => {
  it.each([
    [10000, undefined, 500],
    [1001, undefined, 50],
    [19, undefined, 0],
    [7200, 500, 360],
    [7200, 0, 0],
    [7200, 1000, 720],
    [12345, 250, 308],
    [9999, 10000, 9999],
  ])('KES %i at %s bp → KES %i', (amount, basisPoints, commission) => {
    expect(commissionAmount(amount, basisPoints)).toBe(commission);
  });

  it.each([
    [-1, 500],
    [1.5, 500],
    [1000, -1],
    [1000, 10001],
    [1000, 2.5],
  ])('refuses KES %d at %d bp', (amount, basisPoints) => {
    expect(() => commissionAmount(amount, basisPoints)).toThrow(RangeError);
  });
});
