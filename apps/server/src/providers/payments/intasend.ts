/**
 * IntaSend behind our PaymentProvider: M-Pesa by STK push (the phone rings, no page), card by a
 * hosted checkout link. Keys and base URL are passed in; the caller decides where they come from.
 */
import type { Logger } from '../../lib/logger.ts';
import { assertIntaSendKeys, createIntaSendHttp } from './intasend-http.ts';
import {
  KNOWN_STATES,
  chargebackListResponse,
  chargebackResponse,
  chargebackWebhookBody,
  checkoutDetailsResponse,
  checkoutResponse,
  statusResponse,
  stkPushResponse,
  toPaymentMethod,
  toPaymentState,
  toRefundState,
  webhookBody,
  type IntaSendInvoice,
} from './intasend-schemas.ts';
import {
  PaymentProviderError,
  assertCheckoutInput,
  constantTimeEquals,
  type CheckoutStarted,
  type PaymentLookup,
  type PaymentProvider,
  type PaymentStatus,
  type RefundStatus,
  type StartCheckoutInput,
} from './payment-provider.ts';

export interface IntaSendConfig {
  /** https://sandbox.intasend.com or https://payment.intasend.com (a local fake in tests). */
  baseUrl: string;
  publishableKey: string;
  secretKey: string;
  /** The string set beside the webhook URL in IntaSend's dashboard; the only proof a callback is theirs. */
  webhookChallenge: string;
  timeoutMs?: number;
  logger?: Logger;
}

export const DEFAULT_INTASEND_TIMEOUT_MS = 15_000;

export function createIntaSendProvider(config: IntaSendConfig): PaymentProvider {
  assertIntaSendKeys(config);
  if (config.webhookChallenge.length < 16) throw new Error('IntaSend webhook challenge must be at least 16 characters');
  const request = createIntaSendHttp({ ...config, timeoutMs: config.timeoutMs ?? DEFAULT_INTASEND_TIMEOUT_MS });

  function toStatus(invoice: IntaSendInvoice, raw: unknown): PaymentStatus {
    if (!KNOWN_STATES.has(invoice.state)) {
      config.logger?.warn({ invoiceId: invoice.invoice_id, state: invoice.state }, 'IntaSend sent an unknown invoice state; treated as pending');
    }
    return {
      state: toPaymentState(invoice.state),
      providerState: invoice.state,
      providerRef: invoice.invoice_id,
      apiRef: invoice.api_ref ?? null,
      amountKes: invoice.value,
      currency: invoice.currency,
      failureReason: invoice.failed_reason,
      failureCode: invoice.failed_code,
      method: toPaymentMethod(invoice.provider),
      raw,
    };
  }

  async function stkPush(input: StartCheckoutInput): Promise<CheckoutStarted> {
    const name = [input.firstName, input.lastName].filter(Boolean).join(' ');
    const raw = await request({
      method: 'POST',
      path: 'payment/mpesa-stk-push/',
      auth: 'secret',
      schema: stkPushResponse,
      body: {
        amount: input.amountKes,
        phone_number: input.phone,
        api_ref: input.apiRef,
        currency: 'KES',
        method: 'M-PESA',
        email: input.email,
        ...(name ? { name } : {}),
      },
    });
    const invoice = raw.invoice;
    // The prompt is already on the phone, so a surprising echo is logged, not thrown: the status
    // query that settles the payment is where the amount is compared.
    if (invoice.value !== input.amountKes || invoice.currency !== 'KES') {
      config.logger?.warn({ apiRef: input.apiRef, value: invoice.value, currency: invoice.currency }, 'IntaSend STK push echoed a different amount');
    }
    return { providerRef: invoice.invoice_id, state: toPaymentState(invoice.state), raw };
  }

  async function cardCheckout(input: StartCheckoutInput): Promise<CheckoutStarted> {
    const raw = await request({
      method: 'POST',
      path: 'checkout/',
      auth: 'public',
      schema: checkoutResponse,
      body: {
        amount: input.amountKes,
        currency: 'KES',
        email: input.email,
        first_name: input.firstName,
        last_name: input.lastName,
        phone_number: input.phone,
        api_ref: input.apiRef,
        redirect_url: input.redirectUrl,
        method: 'CARD-PAYMENT',
        // We pay the fees, so the invoice value equals the amount owed and can be compared exactly.
        card_tarrif: 'BUSINESS-PAYS',
        mobile_tarrif: 'BUSINESS-PAYS',
        host: new URL(input.redirectUrl).origin,
      },
    });
    // Nothing has been charged yet, so a link for another amount or currency is refused outright.
    if (raw.amount !== input.amountKes || raw.currency !== 'KES' || (raw.api_ref != null && raw.api_ref !== input.apiRef)) {
      throw new PaymentProviderError(
        'bad_response',
        `checkout/ echoed ${raw.currency} ${raw.amount} for ${raw.api_ref ?? '?'}; asked KES ${input.amountKes} for ${input.apiRef}`,
      );
    }
    return { providerRef: null, checkout: { id: raw.id, signature: raw.signature }, checkoutUrl: raw.url, state: 'PENDING', raw };
  }

  async function getStatus(lookup: PaymentLookup): Promise<PaymentStatus> {
    if (lookup.providerRef) {
      const raw = await request({
        method: 'POST',
        path: 'payment/status/',
        auth: 'public',
        schema: statusResponse,
        body: { invoice_id: lookup.providerRef },
      });
      return toStatus(raw.invoice, raw);
    }
    if (!lookup.checkout) throw new Error('getStatus needs an invoice id or a checkout id and signature');
    const raw = await request({
      method: 'POST',
      path: 'checkout/details/',
      auth: 'public',
      schema: checkoutDetailsResponse,
      body: { checkout_id: lookup.checkout.id, signature: lookup.checkout.signature },
    });
    const invoiceId = typeof raw.invoice === 'string' ? raw.invoice : (raw.invoice?.invoice_id ?? raw.invoice_id ?? null);
    // With an invoice to ask about, its own status is the authority (amount actually billed).
    if (invoiceId) return getStatus({ providerRef: invoiceId });
    const state = raw.paid ? 'COMPLETE' : 'PENDING';
    return {
      state,
      providerState: raw.paid ? 'PAID' : 'UNPAID',
      providerRef: null,
      apiRef: raw.api_ref ?? null,
      amountKes: raw.amount,
      currency: raw.currency,
      raw,
    };
  }

  return {
    kind: 'intasend',

    async startCheckout(input) {
      assertCheckoutInput(input);
      return await (input.method === 'mpesa' ? stkPush(input) : cardCheckout(input));
    },

    getStatus,

    async refund({ providerRef, amountKes, reason }) {
      if (!Number.isSafeInteger(amountKes) || amountKes <= 0)
        throw new PaymentProviderError('rejected', `refund amount must be positive whole KES, got ${amountKes}`);
      const raw = await request({
        method: 'POST',
        path: 'chargebacks/',
        auth: 'secret',
        schema: chargebackResponse,
        // IntaSend's list of reason codes is not published; the words go in reason_details.
        body: { invoice: providerRef, amount: amountKes, reason: 'OTHER', reason_details: reason },
      });
      return toRefund(raw);
    },

    async getRefund(refundRef) {
      const raw = await request({ method: 'GET', path: `chargebacks/${encodeURIComponent(refundRef)}/`, auth: 'secret', schema: chargebackResponse });
      return toRefund(raw);
    },

    // Whether the list filters by invoice is not documented: the filter is asked for, and the
    // answer is filtered again here.
    async findRefunds(providerRef) {
      const raw = await request({ method: 'GET', path: 'chargebacks/', query: { invoice: providerRef }, auth: 'secret', schema: chargebackListResponse });
      const list = Array.isArray(raw) ? raw : raw.results;
      return list.filter((c) => c.invoice === providerRef).map(toRefund);
    },

    verifyWebhook(body) {
      const json = readJson(body);
      const challenge = typeof json === 'object' && json !== null && 'challenge' in json ? json.challenge : undefined;
      return (
        (webhookBody.safeParse(json).success || chargebackWebhookBody.safeParse(json).success) && constantTimeEquals(config.webhookChallenge, challenge)
      );
    },

    parseWebhook(body) {
      const json = readJson(body);
      const chargeback = chargebackWebhookBody.safeParse(json);
      if (chargeback.success) {
        const { invoice, status } = chargeback.data;
        const refundRef = chargeback.data.id ?? chargeback.data.chargeback_id ?? '';
        const providerRef = typeof invoice === 'string' ? invoice : invoice.invoice_id;
        return { providerRef, refundRef, apiRef: null, providerState: status, eventKey: `chargeback:${refundRef}:${status}` };
      }
      const parsed = webhookBody.safeParse(json);
      if (!parsed.success) return null;
      const { invoice_id: providerRef, state, api_ref: apiRef } = parsed.data;
      return { providerRef, apiRef: apiRef ?? null, providerState: state, eventKey: `${providerRef}:${state}` };
    },
  };
}

function toRefund(raw: { id?: string; chargeback_id?: string; invoice?: string | null; status: string }): RefundStatus {
  return {
    refundRef: raw.id ?? raw.chargeback_id ?? '',
    state: toRefundState(raw.status),
    providerState: raw.status,
    providerRef: raw.invoice ?? undefined,
    raw,
  };
}

/** The route may hand over the raw text or the parsed JSON. */
function readJson(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
