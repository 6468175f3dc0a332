/**
 * Booking prices in whole KES (docs: DECISIONS.md, Money). The server's quote is the only price
 * that counts; the web app uses the same functions to show it before the booking is sent: the
 * wizard's in wizard-pricing.ts, the single-page form's in form-pricing.ts; here what both share,
 * and refunds and commission.
 *
 * Every amount, rate and count is an integer. A non-integer, negative or otherwise impossible input
 * is a programming error here (the request schemas refuse bad input first) and throws RangeError.
 */

/**
 * The highest hourly or daily rate a guard may set, in whole KES (a rate typed in USD is checked
 * after its conversion at 145).
 */
export const GUARD_RATE_MAX_KES = 1_000_000;
/**
 * The most one booking may cost, in whole KES: far above any real booking, and far below what the
 * database's integer columns hold, so no combination of guards, days and rates can overflow them.
 */
export const BOOKING_TOTAL_MAX_KES = 100_000_000;

/** When a booking starts and ends, and how many hours it covers (the booking's duration_hours). */
export interface BookingSchedule {
  start: Date;
  end: Date;
  durationHours: number;
}

export const REFUND_PERCENT = 95;
/** Settings' default platform commission: 500 basis points = 5%. */
export const DEFAULT_COMMISSION_BASIS_POINTS = 500;

/** 95% of what was paid, rounded down to whole KES: 1,001 → 950. */
export function refundAmount(amountPaid: number): number {
  assertAmount(amountPaid, 'The amount paid');
  return Math.floor((amountPaid * REFUND_PERCENT) / 100);
}

/** The platform's share of a paid amount, rounded down: (10,000, 500) → 500. */
export function commissionAmount(amount: number, basisPoints: number = DEFAULT_COMMISSION_BASIS_POINTS): number {
  assertAmount(amount, 'The amount');
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0 || basisPoints > 10_000) {
    throw new RangeError(`The commission must be whole basis points from 0 to 10000: ${basisPoints}`);
  }
  return Math.floor((amount * basisPoints) / 10_000);
}

/** A whole, non-negative number of KES. */
export function assertAmount(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole, non-negative number of KES: ${value}`);
}

/** A whole number of at least 1 (guards, hours). */
export function assertCount(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${name} must be a whole number of at least 1: ${value}`);
}

export function safeProduct(...factors: number[]): number {
  const product = factors.reduce((a, b) => a * b, 1);
  if (!Number.isSafeInteger(product)) throw new RangeError(`The price is out of range: ${factors.join(' × ')}`);
  return product;
}

export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
