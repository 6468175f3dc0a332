import { KES_PER_USD } from './constants.ts';

const kes = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 });
const usd = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 1200 → 'KES 1,200' */
export function formatKes(amount: number): string {
  return `KES ${kes.format(amount)}`;
}

/** 1450 KES → '$10.00' */
export function formatUsdFromKes(amountKes: number): string {
  return `$${usd.format(amountKes / KES_PER_USD)}`;
}

/** A rate typed in USD becomes whole KES. */
export function usdToKes(amountUsd: number): number {
  return Math.round(amountUsd * KES_PER_USD);
}
