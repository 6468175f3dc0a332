/**
 * Provider callbacks. The challenge proves who sent it; the body only says which payment to look
 * at. What happened is then asked of the provider, and only that answer is settled.
 */
import type { PaymentWebhookEvent, WebhookHeaders } from '../../providers/payments/payment-provider.ts';
import { scheduleRecheck, type PaymentDeps } from './payment-common.ts';
import { recordRefundState } from './payment-refund-record.ts';
import { askProviderAbout } from './payment-status.service.ts';
import { settlePayment } from './payment-settle.service.ts';
import { deletePaymentEvent, findPaymentForEvent, insertPaymentEvent } from './payments.repo.ts';

export type WebhookResult = 'unverified' | 'ignored' | 'duplicate' | 'unknown_payment' | 'settled' | 'deferred';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function receivePaymentWebhook(deps: PaymentDeps, rawBody: string, headers: WebhookHeaders): Promise<WebhookResult> {
  const { payments: provider, logger } = deps;
  const body = parseBody(rawBody);
  if (!provider.verifyWebhook(body, headers)) {
    logger.warn({ provider: provider.kind }, 'payment webhook refused: not verified');
    return 'unverified';
  }
  const event = provider.parseWebhook(body);
  if (!event || !isRecord(body)) return 'ignored';
  const payment = await findPaymentForEvent(deps.db, provider.kind, event.providerRef, event.apiRef);
  // The challenge is a secret: it is not kept with the event.
  const { challenge: _challenge, ...payload } = body;
  const recorded = await insertPaymentEvent(deps.db, { provider: provider.kind, eventKey: event.eventKey, paymentId: payment?.id ?? null, payload });
  const log = logger.child({ eventKey: event.eventKey, paymentId: payment?.id });
  if (!recorded) {
    log.info('payment webhook repeated; already handled');
    return 'duplicate';
  }
  if (!payment) {
    log.warn({ apiRef: event.apiRef }, 'payment webhook for a payment we do not know');
    return 'unknown_payment';
  }
  if (event.refundRef) return receiveRefundEvent(deps, payment, { ...event, refundRef: event.refundRef }, log);
  try {
    // Asked about through what we recorded for the attempt when it started; the event's invoice is
    // only a hint (askProviderAbout), so another invoice carrying our reference changes nothing.
    const status = await askProviderAbout(deps, payment, event.providerRef);
    if (!status) throw new Error('nothing to ask the provider about');
    const outcome = await settlePayment(deps, payment.id, status);
    // The provider does not (yet) say what the callback said and nothing was settled: forget the
    // event, so its next delivery is looked at again instead of being taken for a repeat.
    if (outcome === 'pending' && status.providerState !== event.providerState) {
      log.warn({ claimed: event.providerState, confirmed: status.providerState }, 'webhook state not confirmed by the provider');
      await deletePaymentEvent(deps.db, provider.kind, event.eventKey);
    }
    return 'settled';
  } catch (err) {
    log.warn({ err }, 'payment webhook could not be settled now; a re-check job will');
    await deletePaymentEvent(deps.db, provider.kind, event.eventKey);
    await scheduleRecheck(deps, payment.id, 0);
    return 'deferred';
  }
}

/**
 * A refund's (IntaSend chargeback's) state changed: the refund is fetched from the provider and
 * recorded only when it gives money back from this payment's own invoice.
 */
async function receiveRefundEvent(
  deps: PaymentDeps,
  payment: NonNullable<Awaited<ReturnType<typeof findPaymentForEvent>>>,
  event: PaymentWebhookEvent & { refundRef: string },
  log: PaymentDeps['logger'],
): Promise<WebhookResult> {
  try {
    const refund = await deps.payments.getRefund(event.refundRef);
    if (!payment.providerRef || (refund.providerRef !== undefined && refund.providerRef !== payment.providerRef)) {
      log.error({ refundInvoice: refund.providerRef, recorded: payment.providerRef }, 'refund event is about another invoice; ignored');
      return 'ignored';
    }
    await recordRefundState(deps, payment.id, refund);
    // Not (yet) what the provider says: forgotten, so its next delivery is looked at again.
    if (refund.providerState !== event.providerState) await deletePaymentEvent(deps.db, deps.payments.kind, event.eventKey);
    return 'settled';
  } catch (err) {
    // Forgotten, so the next delivery is looked at; the 'payment-refund' follow-up asks meanwhile.
    log.warn({ err }, 'refund webhook could not be handled now');
    await deletePaymentEvent(deps.db, deps.payments.kind, event.eventKey);
    return 'deferred';
  }
}
