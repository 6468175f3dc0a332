/**
 * The safety net under webhooks and re-check jobs: at start-up and every minute, every attempt
 * still in flight is asked about again, so an approved payment never waits for a person — also
 * one whose start answer was lost (a crash, a time-out), where the provider can look it up by our
 * reference. Shared between copies of the server: each attempt is taken by one of them.
 */
import { PaymentProviderError } from '../../providers/payments/payment-provider.ts';
import type { PaymentDeps } from './payment-common.ts';
import { askProviderAbout } from './payment-status.service.ts';
import { markFailed } from './payment-lifecycle.service.ts';
import { markBookingFailedIfNoAttemptLeft, settlePayment } from './payment-settle.service.ts';
import { settlementHandler } from './payment-settlement-handlers.ts';
import { claimPaymentsToCheck, lockPayment, type PaymentRow } from './payments.repo.ts';

export const PAYMENT_SWEEP_INTERVAL_MS = 60_000;
/** Younger attempts are left to the request that is starting them. */
const SWEEP_MIN_AGE_MS = 20_000;
/** An attempt is asked about at most this often by the sweep. */
const SWEEP_RECHECK_MS = 50_000;
/** How many attempts one sweep takes, and how many it asks about at once. */
const SWEEP_BATCH = 100;
const SWEEP_PARALLEL = 5;
/**
 * An attempt the provider still knows nothing about after this (IntaSend retries a webhook for
 * about two days) is closed as failed. Money that arrives later still settles it: a failed attempt
 * that is paid reopens (settlePayment).
 */
export const GIVE_UP_AFTER_MS = 48 * 3600_000;
export const NO_ANSWER_REASON = 'The payment service never confirmed this payment. Please try again.';

export interface SweepResult {
  checked: number;
  settled: number;
}

async function giveUp(deps: PaymentDeps, payment: PaymentRow, now: Date): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const locked = await lockPayment(tx, payment.id);
    if (!locked || (locked.status !== 'pending' && locked.status !== 'processing')) return;
    await markFailed(tx, locked, { failureReason: NO_ANSWER_REASON }, now);
    if (locked.bookingId) await markBookingFailedIfNoAttemptLeft(tx, locked.bookingId, now);
    if (locked.enrollmentId) await settlementHandler('enrollment').closeAttempt(tx, locked.enrollmentId, now, true);
  });
  deps.logger.warn({ paymentId: payment.id, apiRef: payment.apiRef }, 'no word from the payment service in two days; attempt closed as failed');
}

/** Settles what it can of one attempt; true when its state moved on. */
async function checkOne(deps: PaymentDeps, payment: PaymentRow, now: Date): Promise<boolean> {
  try {
    const status = await askProviderAbout(deps, payment);
    if (status) {
      const outcome = await settlePayment(deps, payment.id, status);
      return outcome !== 'pending' && outcome !== 'unchanged';
    }
    if (now.getTime() - payment.createdAt.getTime() > GIVE_UP_AFTER_MS) {
      await giveUp(deps, payment, now);
      return true;
    }
    return false;
  } catch (err) {
    const detail = err instanceof PaymentProviderError ? err.detail : undefined;
    deps.logger.warn({ err, detail, paymentId: payment.id }, 'payment sweep could not ask about an attempt; next sweep will');
    return false;
  }
}

/** One sweep: takes the attempts due and asks about each; returns how many it checked and settled. */
export async function sweepPaymentsInFlight(deps: PaymentDeps): Promise<SweepResult> {
  const now = deps.clock();
  const due = await claimPaymentsToCheck(
    deps.db,
    now,
    new Date(now.getTime() - SWEEP_MIN_AGE_MS),
    new Date(now.getTime() - SWEEP_RECHECK_MS),
    SWEEP_BATCH,
  );
  let settled = 0;
  for (let i = 0; i < due.length; i += SWEEP_PARALLEL) {
    const moved = await Promise.all(due.slice(i, i + SWEEP_PARALLEL).map((payment) => checkOne(deps, payment, now)));
    settled += moved.filter(Boolean).length;
  }
  if (due.length > 0) deps.logger.info({ checked: due.length, settled }, 'payments in flight checked with the provider');
  return { checked: due.length, settled };
}
