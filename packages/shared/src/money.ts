import { KES_PER_USD } from './constants.ts';

/*
 * Written out by hand rather than with Intl.NumberFormat: building a formatter loads the locale's
 * data, which took ~30 ms on a phone-speed CPU in the middle of the guard list's first render.
 * Amounts here are plain positive figures with ',' between thousands (en-KE and en-US agree).
 */
function withThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Rounds half away from zero on the number as written (1.005 → 1.01), as Intl.NumberFormat does,
 * not on its binary value (toFixed gives 1.00).
 */
function formatFixed(amount: number, fractionDigits: number): string {
  const size = Math.abs(amount);
  const units = String(size).includes('e') ? Math.round(size * 10 ** fractionDigits) : Math.round(Number(`${size}e${fractionDigits}`));
  const digits = String(units).padStart(fractionDigits + 1, '0');
  const whole = digits.slice(0, digits.length - fractionDigits);
  const fraction = digits.slice(digits.length - fractionDigits);
  const sign = amount < 0 && units !== 0 ? '-' : '';
  return `${sign}${withThousands(whole)}${fractionDigits ? `.${fraction}` : ''}`;
}

/** 1200 → 'KES 1,200' */
export function formatKes(amount: number): string {
  return `KES ${formatFixed(amount, 0)}`;
}

/** 1450 KES → '$10.00' */
export function formatUsdFromKes(amountKes: number): string {
  return `$${formatFixed(amountKes / KES_PER_USD, 2)}`;
}

/** A rate typed in USD becomes whole KES. */
export function usdToKes(amountUsd: number): number {
  return Math.round(amountUsd * KES_PER_USD);
}
