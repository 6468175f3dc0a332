/**
 * What a tester does on the sandbox checkout page, turned into an outcome. The cards and M-Pesa
 * reasons mirror IntaSend's sandbox and Daraja's result codes so tests see realistic failures.
 */
import { normalizeKenyanPhone, PHONE_FORMAT_MESSAGE } from '@ops/shared/phone';
import type { PaymentMethod } from './payment-provider.ts';

export interface SandboxTestCard {
  number: string;
  brand: string;
  outcome: 'approve' | 'decline';
  /** Why the payment fails, for a declining card. */
  reason?: string;
}

/** IntaSend's sandbox cards; any future expiry date and any CVC. */
export const SANDBOX_TEST_CARDS: readonly SandboxTestCard[] = [
  { number: '4242 4242 4242 4242', brand: 'Visa', outcome: 'approve' },
  { number: '5555 5555 5555 4444', brand: 'Mastercard', outcome: 'approve' },
  { number: '4000 0000 0000 0002', brand: 'Visa', outcome: 'decline', reason: 'Card declined by the issuer (test card 4000 0000 0000 0002)' },
];

export const SANDBOX_REASONS = {
  /** Daraja result code 1032. */
  mpesaCancelled: 'The M-Pesa request was cancelled by the user',
  /** Daraja result code 1037: the prompt rang out on the phone. */
  mpesaTimedOut: 'The M-Pesa prompt was not answered in time',
  /** Daraja result code 1. */
  mpesaInsufficientFunds: 'The M-Pesa balance is not enough for this payment',
  cardDeclined: 'Card declined by the issuer',
} as const;

/** insufficient_funds is M-Pesa's only; no_answer times an M-Pesa prompt out, and leaves a card page open. */
export type SandboxAction = 'approve' | 'decline' | 'insufficient_funds' | 'no_answer';

export type SandboxChoice =
  | { ok: true; outcome: 'approved' | 'declined' | 'pending'; failureReason: string | null; detail: string | null }
  | { ok: false; errors: Record<string, string> };

const digits = (value: string | undefined) => (value ?? '').replace(/[\s-]/g, '');

/** A card expiry "MM/YY" that is still valid this month or later. */
function expiryIsValid(value: string | undefined, now: Date): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec((value ?? '').trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return false;
  return year * 12 + month >= now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

function isAction(method: PaymentMethod, value: string | undefined): value is SandboxAction {
  return value === 'approve' || value === 'decline' || value === 'no_answer' || (method === 'mpesa' && value === 'insufficient_funds');
}

/**
 * Only Approve asks for payment details: a tester who declines or lets the prompt ring out should
 * not have to type a card first. An M-Pesa prompt can be approved, declined (cancelled on the
 * phone), fail for want of funds, or go unanswered (it times out). `detail` (masked card or the phone) is kept for the record.
 */
export function chooseOutcome(method: PaymentMethod, form: Record<string, string | undefined>, now: Date): SandboxChoice {
  const action = form.action;
  if (!isAction(method, action)) return { ok: false, errors: { action: 'Choose one of the buttons below' } };
  if (action === 'no_answer' && method === 'card') return { ok: true, outcome: 'pending', failureReason: null, detail: null };
  // The tester need not wait the minute a real prompt rings for: it times out at once.
  if (action === 'no_answer') return { ok: true, outcome: 'declined', failureReason: SANDBOX_REASONS.mpesaTimedOut, detail: null };
  if (action === 'insufficient_funds') return { ok: true, outcome: 'declined', failureReason: SANDBOX_REASONS.mpesaInsufficientFunds, detail: null };
  if (action === 'decline') {
    const failureReason = method === 'mpesa' ? SANDBOX_REASONS.mpesaCancelled : SANDBOX_REASONS.cardDeclined;
    return { ok: true, outcome: 'declined', failureReason, detail: null };
  }

  if (method === 'mpesa') {
    const phone = normalizeKenyanPhone(form.phone ?? '');
    if (!phone) return { ok: false, errors: { phone: PHONE_FORMAT_MESSAGE } };
    return { ok: true, outcome: 'approved', failureReason: null, detail: phone };
  }

  const errors: Record<string, string> = {};
  const number = digits(form.card_number);
  const card = SANDBOX_TEST_CARDS.find((c) => digits(c.number) === number);
  if (!card) errors.card_number = 'Use one of the test cards listed below';
  if (!expiryIsValid(form.card_expiry, now)) errors.card_expiry = 'Enter a future expiry date as MM/YY';
  if (!/^\d{3,4}$/.test(digits(form.card_cvc))) errors.card_cvc = 'Enter the 3 or 4 digits on the back of the card';
  if (!card || Object.keys(errors).length > 0) return { ok: false, errors };
  const detail = `${card.brand} ending ${number.slice(-4)}`;
  return card.outcome === 'approve'
    ? { ok: true, outcome: 'approved', failureReason: null, detail }
    : { ok: true, outcome: 'declined', failureReason: card.reason ?? SANDBOX_REASONS.cardDeclined, detail };
}
