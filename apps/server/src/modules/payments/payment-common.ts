/** What the payment services share: their dependencies, the re-check schedule, the words of refusals. */
import { ERROR_CODES } from '@ops/shared/schemas/errors';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { PaymentLookup, PaymentProviderError } from '../../providers/payments/payment-provider.ts';
import type { PaymentRow } from './payments.repo.ts';

// A payment as its owner's services hand it to the academy (a course fee's settlement, the enrolment's view).
export type { PaymentRow };

export type PaymentDeps = Pick<AppDeps, 'db' | 'jobs' | 'logger' | 'payments' | 'clock' | 'config'>;

export const HOLD_EXPIRED_MESSAGE = 'This booking’s hold has expired. Please book again.';
export const ALREADY_PAID_MESSAGE = 'This booking is already paid.';
export const CANCELLED_MESSAGE = 'This booking was cancelled. Please book again.';
export const DEFAULT_FAILURE_REASON = 'Payment failed. Please try again.';

/**
 * An M-Pesa attempt is live this long (its prompt may still be ringing, also after a start whose
 * answer never came): pressing Pay again meanwhile answers with it rather than ring a second time.
 */
export const UNKNOWN_OUTCOME_WAIT_MS = 2 * 60_000;

/**
 * Re-checks of a pending payment (webhooks can be late or switched off): soon at first, then
 * further apart, about half an hour in all. A later webhook still settles the payment.
 */
export const RECHECK_DELAYS_SECONDS = [15, 30, 60, 120, 240, 480, 900] as const;

/** How to ask the provider about an attempt; null when the start's answer never came back. */
export function lookupOf(payment: Pick<PaymentRow, 'providerRef' | 'checkoutId' | 'checkoutSignature'>): PaymentLookup | null {
  const checkout = payment.checkoutId && payment.checkoutSignature ? { id: payment.checkoutId, signature: payment.checkoutSignature } : null;
  if (!payment.providerRef && !checkout) return null;
  return { providerRef: payment.providerRef, checkout };
}

/** Queues re-check number `attempt`; false when the schedule is used up. */
export async function scheduleRecheck(deps: Pick<PaymentDeps, 'jobs' | 'clock'>, paymentId: string, attempt: number, tx?: Executor): Promise<boolean> {
  const delay = RECHECK_DELAYS_SECONDS[attempt];
  if (delay === undefined) return false;
  await deps.jobs.enqueue('payment-recheck', { paymentId, attempt }, { tx, startAfter: new Date(deps.clock().getTime() + delay * 1000) });
  return true;
}

/** 502 with the provider's safe message; the UI shows it under 'Payment Failed'. */
export const providerFailure = (err: PaymentProviderError) => new AppError(502, ERROR_CODES.paymentProvider, err.message);

export const adminLink = '/admin';
