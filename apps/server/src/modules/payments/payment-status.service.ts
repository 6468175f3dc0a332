/**
 * Following a payment: the browser's poll and the re-check job both ask the provider and settle.
 * A browser's 'COMPLETE' only ever leads here; the provider's answer is what counts.
 */
import type { PaymentDto } from '@ops/shared/schemas/payments';
import type { Viewer } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { PaymentProviderError, type PaymentStatus } from '../../providers/payments/payment-provider.ts';
import { lookupOf, scheduleRecheck, type PaymentDeps } from './payment-common.ts';
import { toPaymentDto } from './payment-dto.ts';
import { settlePayment, type SettleOutcome } from './payment-settle.service.ts';
import { findPayment, findPaymentView, IN_FLIGHT_STATUSES, type PaymentRow } from './payments.repo.ts';

const inFlight = (p: PaymentRow) => (IN_FLIGHT_STATUSES as readonly string[]).includes(p.status);

/**
 * What the provider says now of this attempt, asked through what we recorded when it started: its
 * invoice when we have it (then no other invoice counts), else its hosted checkout (and the invoice
 * the checkout names). An invoice id from elsewhere (a webhook, the return URL's tracking id) is
 * only a hint, asked about when our checkout says it was paid without naming its invoice, or when
 * the start's answer was lost and we recorded nothing; settlePayment then still requires our
 * reference on it, and records it. Null when there is nothing to ask.
 */
export async function askProviderAbout(deps: PaymentDeps, payment: PaymentRow, hintedInvoiceId?: string): Promise<PaymentStatus | null> {
  const lookup = lookupOf(payment);
  if (lookup?.providerRef) return deps.payments.getStatus({ providerRef: lookup.providerRef });
  if (lookup?.checkout) {
    const viaCheckout = await deps.payments.getStatus({ checkout: lookup.checkout });
    if (viaCheckout.providerRef || viaCheckout.state !== 'COMPLETE' || !hintedInvoiceId) return viaCheckout;
    return deps.payments.getStatus({ providerRef: hintedInvoiceId });
  }
  if (hintedInvoiceId) return deps.payments.getStatus({ providerRef: hintedInvoiceId });
  return (await deps.payments.findByApiRef?.(payment.apiRef)) ?? null;
}

/** Asks the provider about an attempt still in flight and settles it; null when it could not ask. */
async function askAndSettle(deps: PaymentDeps, payment: PaymentRow, hintedInvoiceId?: string): Promise<SettleOutcome | null> {
  if (!inFlight(payment)) return null;
  try {
    const status = await askProviderAbout(deps, payment, hintedInvoiceId);
    return status ? await settlePayment(deps, payment.id, status) : null;
  } catch (err) {
    const detail = err instanceof PaymentProviderError ? err.detail : undefined;
    deps.logger.warn({ err, detail, paymentId: payment.id }, 'payment status check failed; will ask again');
    return null;
  }
}

/**
 * Only the paying client follows a payment (and makes us ask the provider about it); to anyone
 * else, the booking's guard included, it does not exist.
 */
export async function getPayment(deps: PaymentDeps, viewer: Viewer, paymentId: string, trackingId?: string): Promise<PaymentDto> {
  const view = await findPaymentView(deps.db, paymentId);
  if (!view || view.payment.payerProfileId !== viewer.profileId) throw AppError.notFound('Payment not found');
  if (!inFlight(view.payment)) return toPaymentDto(view);
  await askAndSettle(deps, view.payment, trackingId);
  const fresh = await findPaymentView(deps.db, paymentId);
  if (!fresh) throw AppError.notFound('Payment not found');
  return toPaymentDto(fresh);
}

/** The 'payment-recheck' job: ask again, and again later with back-off while the payment is pending. */
export async function recheckPayment(deps: PaymentDeps, paymentId: string, attempt: number): Promise<void> {
  const payment = await findPayment(deps.db, paymentId);
  if (!payment || !inFlight(payment)) return;
  const outcome = await askAndSettle(deps, payment);
  if (outcome !== null && outcome !== 'pending') return;
  if (await scheduleRecheck(deps, paymentId, attempt + 1)) {
    deps.logger.debug({ paymentId, attempt: attempt + 1 }, 'payment still pending; asking again later');
  } else {
    deps.logger.warn({ paymentId, apiRef: payment.apiRef }, 'payment still pending after every re-check; a webhook or an operator must settle it');
  }
}
