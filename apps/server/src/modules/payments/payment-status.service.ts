/**
 * Following a payment: the browser's poll and the re-check job both ask the provider and settle.
 * A browser's 'COMPLETE' only ever leads here; the provider's answer is what counts.
 */
import type { PaymentDto } from '@ops/shared/schemas/payments';
import type { Viewer } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { PaymentProviderError } from '../../providers/payments/payment-provider.ts';
import { lookupOf, scheduleRecheck, type PaymentDeps } from './payment-common.ts';
import { toPaymentDto } from './payment-dto.ts';
import { settlePayment, type SettleOutcome } from './payment-settle.service.ts';
import { findPayment, findPaymentView, IN_FLIGHT_STATUSES, type PaymentRow } from './payments.repo.ts';

const inFlight = (p: PaymentRow) => (IN_FLIGHT_STATUSES as readonly string[]).includes(p.status);

/** Asks the provider about an attempt still in flight and settles it; null when it could not ask. */
async function askAndSettle(deps: PaymentDeps, payment: PaymentRow): Promise<SettleOutcome | null> {
  const lookup = lookupOf(payment);
  if (!lookup || !inFlight(payment)) return null;
  try {
    return await settlePayment(deps, payment.id, await deps.payments.getStatus(lookup));
  } catch (err) {
    const detail = err instanceof PaymentProviderError ? err.detail : undefined;
    deps.logger.warn({ err, detail, paymentId: payment.id }, 'payment status check failed; will ask again');
    return null;
  }
}

/**
 * A hosted card checkout has no invoice id until paid; IntaSend then sends the browser back with
 * ?tracking_id=<invoice id>. That id is only a hint: the invoice must carry this payment's own
 * reference before anything is settled from it.
 */
async function askWithTrackingId(deps: PaymentDeps, payment: PaymentRow, trackingId: string): Promise<void> {
  try {
    const status = await deps.payments.getStatus({ providerRef: trackingId });
    if (status.apiRef !== payment.apiRef) {
      deps.logger.warn({ paymentId: payment.id, trackingId }, 'tracking id names an invoice of another payment; ignored');
      return;
    }
    await settlePayment(deps, payment.id, status);
  } catch (err) {
    deps.logger.warn({ err, paymentId: payment.id }, 'payment status check by tracking id failed; will ask again');
  }
}

/** The paying client, the booking's guard and admins may follow a payment; to others it does not exist. */
export async function getPayment(deps: PaymentDeps, viewer: Viewer, paymentId: string, trackingId?: string): Promise<PaymentDto> {
  const view = await findPaymentView(deps.db, paymentId);
  const allowed =
    view && (viewer.role === 'admin' || view.payment.payerProfileId === viewer.profileId || (view.guardProfileId !== null && view.guardProfileId === viewer.profileId));
  if (!view || !allowed) throw AppError.notFound('Payment not found');
  if (!inFlight(view.payment)) return toPaymentDto(view);
  if (trackingId && !view.payment.providerRef && view.payment.payerProfileId === viewer.profileId) await askWithTrackingId(deps, view.payment, trackingId);
  else await askAndSettle(deps, view.payment);
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
