/**
 * The built-in sandbox: with no IntaSend keys, payments go through a checkout page on our own
 * server (`/sandbox/checkout/{providerRef}`) where a tester approves, declines or lets it ring out.
 * Its state lives behind SandboxStore so every copy of the server sees the same payments.
 */
import { randomBytes } from 'node:crypto';
import { chooseOutcome, SANDBOX_REASONS } from './sandbox-cards.ts';
import { renderSandboxCheckoutPage } from './sandbox-page.ts';
import type { SandboxOutcome, SandboxPayment, SandboxRefund, SandboxStore } from './sandbox-store.ts';
import {
  PaymentProviderError,
  assertCheckoutInput,
  type PaymentProvider,
  type PaymentState,
  type PaymentStatus,
  type RefundStatus,
} from './payment-provider.ts';

/** What the route does after the tester pressed a button. */
export type SandboxFormResult = { kind: 'not_found' } | { kind: 'invalid'; html: string } | { kind: 'done'; state: PaymentState; redirectTo: string };

export interface SandboxProvider extends PaymentProvider {
  readonly kind: 'sandbox';
  /** The checkout page, or null when there is no such payment. */
  renderCheckout(providerRef: string): Promise<string | null>;
  submitCheckout(providerRef: string, form: Record<string, string | undefined>): Promise<SandboxFormResult>;
}

export interface SandboxConfig {
  store: SandboxStore;
  clock?: () => Date;
}

const STATE: Record<SandboxOutcome, PaymentState> = { pending: 'PENDING', approved: 'COMPLETE', declined: 'FAILED' };

/**
 * An M-Pesa prompt rings on the phone for about a minute; unanswered by then, M-Pesa reports it
 * failed (Daraja 1037), and so does the sandbox, whether or not anyone opened its page.
 */
export const SANDBOX_MPESA_PROMPT_MS = 60_000;

export const sandboxCheckoutPath = (providerRef: string) => `/sandbox/checkout/${encodeURIComponent(providerRef)}`;

function statusOf(payment: SandboxPayment): PaymentStatus {
  return {
    state: STATE[payment.outcome],
    providerState: payment.outcome.toUpperCase(),
    providerRef: payment.providerRef,
    apiRef: payment.apiRef,
    amountKes: payment.amountKes,
    currency: 'KES',
    failureReason: payment.failureReason ?? undefined,
    // The sandbox's page takes the method the attempt was started with.
    method: payment.method,
    raw: payment,
  };
}

export function createSandboxProvider({ store, clock = () => new Date() }: SandboxConfig): SandboxProvider {
  /** A prompt left ringing past its minute has timed out: recorded once, as M-Pesa would report it. */
  async function expireUnanswered(payment: SandboxPayment | null): Promise<SandboxPayment | null> {
    if (!payment || payment.method !== 'mpesa' || payment.outcome !== 'pending') return payment;
    const endsAt = payment.createdAt.getTime() + SANDBOX_MPESA_PROMPT_MS;
    if (clock().getTime() < endsAt) return payment;
    await store.setOutcome(payment.providerRef, {
      outcome: 'declined',
      failureReason: SANDBOX_REASONS.mpesaTimedOut,
      payerDetail: null,
      decidedAt: new Date(endsAt),
    });
    return store.get(payment.providerRef);
  }

  const find = async (providerRef: string) => expireUnanswered(await store.get(providerRef));

  async function load(providerRef: string): Promise<SandboxPayment> {
    const payment = await find(providerRef);
    if (!payment) throw new PaymentProviderError('rejected', `sandbox payment ${providerRef} not found`, { status: 404 });
    return payment;
  }

  /**
   * IntaSend sends the customer back with ?tracking_id=<invoice id>; the sandbox does the same, to a
   * path on the site the page was opened on (so the session cookie goes with it).
   */
  function returnUrl(payment: SandboxPayment): string {
    const url = new URL(payment.redirectUrl);
    url.searchParams.set('tracking_id', payment.providerRef);
    return `${url.pathname}${url.search}`;
  }

  const toRefund = (refund: SandboxRefund): RefundStatus => ({
    refundRef: refund.refundRef,
    state: 'COMPLETED',
    providerState: 'COMPLETED',
    providerRef: refund.refundRef.replace(/-R\d+$/, ''),
    raw: refund,
  });

  return {
    kind: 'sandbox',

    async startCheckout(input) {
      assertCheckoutInput(input);
      const providerRef = `SBX${randomBytes(6).toString('hex').toUpperCase()}`;
      const payment: SandboxPayment = {
        providerRef,
        apiRef: input.apiRef,
        amountKes: input.amountKes,
        method: input.method,
        phone: input.phone ?? null,
        email: input.email,
        narrative: input.narrative,
        redirectUrl: input.redirectUrl,
        outcome: 'pending',
        failureReason: null,
        payerDetail: null,
        createdAt: clock(),
        decidedAt: null,
        refunds: [],
      };
      await store.create(payment);
      // A path on the very site the client is using, whatever address it was opened at (localhost,
      // 127.0.0.1, the office's LAN name): the page needs the client's session cookie.
      return { providerRef, checkoutUrl: sandboxCheckoutPath(providerRef), state: 'PENDING', raw: payment };
    },

    async getStatus(lookup): Promise<PaymentStatus> {
      if (!lookup.providerRef) throw new Error('the sandbox needs the providerRef it issued');
      return statusOf(await load(lookup.providerRef));
    },

    async findByApiRef(apiRef) {
      const payment = await expireUnanswered(await store.getByApiRef(apiRef));
      return payment && statusOf(payment);
    },

    // Refunds complete at once here; IntaSend's stay PENDING for a while, which getRefund follows.
    async refund({ providerRef, amountKes, reason }) {
      const payment = await load(providerRef);
      const refunded = payment.refunds.reduce((sum, r) => sum + r.amountKes, 0);
      const refuse = (words: string) => new PaymentProviderError('rejected', words, { status: 400, providerMessage: words });
      if (payment.outcome !== 'approved') throw refuse(`sandbox payment ${providerRef} was not paid`);
      if (!Number.isSafeInteger(amountKes) || amountKes <= 0 || refunded + amountKes > payment.amountKes) {
        throw refuse(`refund of KES ${amountKes} exceeds what is left of KES ${payment.amountKes - refunded}`);
      }
      const refund: SandboxRefund = { refundRef: `${providerRef}-R${payment.refunds.length + 1}`, amountKes, reason, createdAt: clock() };
      await store.addRefund(providerRef, refund);
      return toRefund(refund);
    },

    async getRefund(refundRef) {
      const providerRef = refundRef.replace(/-R\d+$/, '');
      const refund = (await load(providerRef)).refunds.find((r) => r.refundRef === refundRef);
      if (!refund) throw new PaymentProviderError('rejected', `sandbox refund ${refundRef} not found`, { status: 404 });
      return toRefund(refund);
    },

    async findRefunds(providerRef) {
      return (await load(providerRef)).refunds.map(toRefund);
    },

    // The sandbox never calls back: its page posts to our own route, which then asks getStatus.
    verifyWebhook: () => false,
    parseWebhook: () => null,

    async renderCheckout(providerRef) {
      const payment = await find(providerRef);
      return payment && renderSandboxCheckoutPage({ payment, actionPath: sandboxCheckoutPath(providerRef), returnUrl: returnUrl(payment) });
    },

    async submitCheckout(providerRef, form) {
      const payment = await find(providerRef);
      if (!payment) return { kind: 'not_found' };
      // A second press (or a stale tab) must not change a decided payment; it just goes back.
      if (payment.outcome !== 'pending') return { kind: 'done', state: STATE[payment.outcome], redirectTo: returnUrl(payment) };
      const choice = chooseOutcome(payment.method, form, clock());
      if (!choice.ok) {
        const html = renderSandboxCheckoutPage({
          payment,
          actionPath: sandboxCheckoutPath(providerRef),
          returnUrl: returnUrl(payment),
          errors: choice.errors,
          values: form,
        });
        return { kind: 'invalid', html };
      }
      if (choice.outcome === 'pending') return { kind: 'done', state: 'PENDING', redirectTo: returnUrl(payment) };
      await store.setOutcome(providerRef, {
        outcome: choice.outcome,
        failureReason: choice.failureReason,
        payerDetail: choice.detail,
        decidedAt: clock(),
      });
      const settled = await load(providerRef);
      return { kind: 'done', state: STATE[settled.outcome], redirectTo: returnUrl(settled) };
    },
  };
}
