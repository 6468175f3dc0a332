/**
 * What the payment service asks of a payment provider (IntaSend or the built-in sandbox). The service
 * owns the rules (amount owed, one attempt per booking, status moves); a provider only talks to the
 * outside world and reports faithfully what it was told, so the service can compare.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

export type PaymentMethod = 'mpesa' | 'card';
/** Only COMPLETE means paid and FAILED is final; anything else may still change. */
export type PaymentState = 'PENDING' | 'PROCESSING' | 'COMPLETE' | 'FAILED';
/** A refund is a request that completes later (IntaSend chargebacks), not an instant reversal. */
export type RefundState = 'PENDING' | 'COMPLETED' | 'CANCELLED';

export interface StartCheckoutInput {
  /** Our unique reference, e.g. `bkg_<uuid>`; the provider echoes it back. */
  apiRef: string;
  /** Whole KES (M-Pesa takes whole shillings only). */
  amountKes: number;
  method: PaymentMethod;
  /** 2547XXXXXXXX / 2541XXXXXXXX; required for M-Pesa (the STK prompt goes to it). */
  phone?: string;
  email: string;
  firstName?: string;
  lastName?: string;
  /** What the customer is paying for, shown on the checkout page where the provider has one. */
  narrative: string;
  /** Where the customer returns after a hosted checkout (`?tracking_id=<invoice id>` is appended). */
  redirectUrl: string;
}

/** A hosted checkout can be asked about with these before its invoice exists (signature valid 1 h). */
export interface CheckoutHandle {
  id: string;
  signature: string;
}

export interface CheckoutStarted {
  /** The provider's invoice id; null for a hosted card checkout until the customer pays. */
  providerRef: string | null;
  checkout?: CheckoutHandle;
  /** Where to send the customer (card and sandbox); absent for an STK push, which rings the phone. */
  checkoutUrl?: string;
  state: PaymentState;
  raw: unknown;
}

/** What the service has stored about an attempt; give the invoice id when known. */
export interface PaymentLookup {
  providerRef?: string | null;
  checkout?: CheckoutHandle | null;
}

export interface PaymentStatus {
  state: PaymentState;
  /** The provider's own word (e.g. RETRY, which counts as PENDING), for the log. */
  providerState: string;
  /** The invoice id, newly learnt when a hosted checkout has been paid; null while none exists. */
  providerRef: string | null;
  apiRef: string | null;
  /** What the provider says was billed, in whole KES (fractions are dropped, never rounded up). */
  amountKes: number;
  currency: string;
  failureReason?: string;
  failureCode?: string;
  /** How the customer paid, as the provider reports it (IntaSend's invoice `provider`); absent when it does not say. */
  method?: PaymentMethod;
  raw: unknown;
}

export interface RefundInput {
  providerRef: string;
  amountKes: number;
  /** Why, in words the operator understands; sent to the provider as the refund's details. */
  reason: string;
}

export interface RefundStatus {
  refundRef: string;
  state: RefundState;
  /** The invoice the refund gives money back from, when the provider names it. */
  providerRef?: string;
  /** The provider's own word (e.g. DISPUTED, which counts as PENDING). */
  providerState: string;
  raw: unknown;
}

/**
 * A state change the provider pushed to us; act only after `getStatus` (or `getRefund`, for an event
 * about a refund: `refundRef` set) confirms it.
 */
export interface PaymentWebhookEvent {
  providerRef: string;
  /** Set when the event is about a refund (an IntaSend chargeback), not a payment. */
  refundRef?: string;
  apiRef: string | null;
  providerState: string;
  /** Same event delivered twice → same key, so it can be recorded once (payment_events). */
  eventKey: string;
}

export type WebhookHeaders = Headers | Record<string, string | undefined>;

export interface PaymentProvider {
  readonly kind: 'intasend' | 'sandbox';
  /** A time-out here leaves the outcome unknown: never start another attempt; re-check instead. */
  startCheckout(input: StartCheckoutInput): Promise<CheckoutStarted>;
  getStatus(lookup: PaymentLookup): Promise<PaymentStatus>;
  /**
   * The status of the payment carrying our reference, for an attempt whose start answer was lost;
   * null when the provider has none. Only where the provider can look up by our reference (IntaSend
   * cannot: such an attempt waits for its webhook).
   */
  findByApiRef?(apiRef: string): Promise<PaymentStatus | null>;
  refund(input: RefundInput): Promise<RefundStatus>;
  getRefund(refundRef: string): Promise<RefundStatus>;
  /**
   * The refunds the provider holds for one invoice, so a request whose answer was lost (a time-out)
   * is found rather than asked for twice.
   */
  findRefunds(providerRef: string): Promise<RefundStatus[]>;
  /** True only when the callback proves it came from the provider. */
  verifyWebhook(body: unknown, headers: WebhookHeaders): boolean;
  /** The event in a verified callback, or null when it is not one this provider sends. */
  parseWebhook(body: unknown): PaymentWebhookEvent | null;
}

export type PaymentProviderErrorKind = 'timeout' | 'http' | 'bad_response' | 'rejected';

const USER_MESSAGES: Record<PaymentProviderErrorKind, string> = {
  timeout: 'The payment service did not answer in time. Please wait a minute and check the booking before paying again.',
  http: 'The payment service is not available right now. Please try again in a few minutes.',
  bad_response: 'The payment service sent an answer we could not read. Please try again in a few minutes.',
  rejected: 'The payment service refused the request. Please check the details and try again.',
};

/**
 * `message` is safe to show a user; `detail` (the provider's words, status, path) is for the log.
 * kinds: timeout — no answer in time (outcome unknown); http — network failure, 429 or 5xx;
 * rejected — the provider refused the request (4xx); bad_response — not JSON or not the expected shape.
 */
export class PaymentProviderError extends Error {
  override readonly name = 'PaymentProviderError';
  readonly status: number | undefined;
  /** The provider's own words for a refusal (its error body), for staff; undefined when it gave none. */
  readonly providerMessage: string | undefined;

  constructor(
    readonly kind: PaymentProviderErrorKind,
    readonly detail: string,
    options: { status?: number; cause?: unknown; providerMessage?: string } = {},
  ) {
    super(USER_MESSAGES[kind], { cause: options.cause });
    this.status = options.status;
    this.providerMessage = options.providerMessage;
  }
}

/**
 * Constant-time string comparison. Both sides are hashed first so the buffers always have equal
 * length (timingSafeEqual requires it) and the time taken reveals neither content nor length.
 */
export function constantTimeEquals(expected: string, received: unknown): boolean {
  if (typeof received !== 'string' || expected.length === 0) return false;
  const a = createHash('sha256').update(expected, 'utf8').digest();
  const b = createHash('sha256').update(received, 'utf8').digest();
  return timingSafeEqual(a, b);
}

const MPESA_PHONE = /^254[17]\d{8}$/;

/** Refuses input no provider should ever be sent, before anything leaves the server. */
export function assertCheckoutInput(input: StartCheckoutInput): void {
  if (!Number.isSafeInteger(input.amountKes) || input.amountKes <= 0) {
    throw new PaymentProviderError('rejected', `amount must be a positive whole number of KES, got ${input.amountKes}`);
  }
  if (input.method === 'mpesa' && !(input.phone && MPESA_PHONE.test(input.phone))) {
    throw new PaymentProviderError('rejected', 'M-Pesa needs a phone number in the form 2547XXXXXXXX or 2541XXXXXXXX');
  }
  if (input.phone !== undefined && !MPESA_PHONE.test(input.phone)) {
    throw new PaymentProviderError('rejected', 'phone must be in the form 2547XXXXXXXX or 2541XXXXXXXX');
  }
}
