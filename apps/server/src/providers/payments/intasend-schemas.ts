/**
 * The parts of IntaSend's answers we rely on, checked before use. Objects are loose because
 * IntaSend adds fields freely; what we read must be there and have the right type.
 */
import { z } from 'zod';
import type { PaymentState, RefundState } from './payment-provider.ts';

/**
 * IntaSend sends amounts as "1500.00" or 1500, sometimes both in one answer. Whole KES are kept and
 * any fraction is dropped rather than rounded, so a short payment can never look like a full one.
 * Numbers go through toFixed so float noise (1499.9999999) cannot silently lose a shilling.
 */
export function parseKesAmount(value: string | number): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(2) : '') : value.trim();
  const match = /^(\d{1,12})(?:\.\d+)?$/.exec(text);
  return match?.[1] === undefined ? null : Number(match[1]);
}

export const kesAmount = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const parsed = parseKesAmount(value);
  if (parsed === null) {
    ctx.addIssue({ code: 'custom', message: `not an amount: ${JSON.stringify(value)}` });
    return z.NEVER;
  }
  return parsed;
});

/** Ids are strings in every sample; a number would still identify the same record. */
const id = z.union([z.string().min(1), z.number().int()]).transform(String);
const optionalText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v == null || v === '' ? undefined : String(v)));

export const invoiceSchema = z.looseObject({
  invoice_id: id,
  state: z.string().min(1),
  provider: z.string().nullish(),
  value: kesAmount,
  currency: z.string().min(1),
  api_ref: z.string().nullish(),
  failed_reason: optionalText,
  failed_code: optionalText,
});
export type IntaSendInvoice = z.output<typeof invoiceSchema>;

/** The docs' sample shows only `invoice`; the live API adds id, customer and refundable. */
export const stkPushResponse = z.looseObject({ id: id.optional(), invoice: invoiceSchema });
export const statusResponse = z.looseObject({ invoice: invoiceSchema });

export const checkoutResponse = z.looseObject({
  id,
  url: z.url(),
  signature: z.string().min(1),
  amount: kesAmount,
  currency: z.string().min(1),
  api_ref: z.string().nullish(),
});

/** Whether the details carry the invoice is unconfirmed, so both an id and an object are read. */
export const checkoutDetailsResponse = z.looseObject({
  id: id.optional(),
  paid: z.boolean().nullish(),
  amount: kesAmount,
  currency: z.string().min(1),
  api_ref: z.string().nullish(),
  invoice: z.union([id, z.looseObject({ invoice_id: id })]).nullish(),
  invoice_id: id.nullish(),
});

export const chargebackResponse = z
  .looseObject({ id: id.optional(), chargeback_id: id.optional(), invoice: id.nullish(), status: z.string().min(1) })
  .refine((c) => c.id !== undefined || c.chargeback_id !== undefined, 'chargeback without id');

/** GET chargebacks/: a plain list, or Django REST framework's page (`{count, next, results}`); both are read. */
export const chargebackListResponse = z.union([z.array(chargebackResponse), z.looseObject({ results: z.array(chargebackResponse) })]);

/**
 * A chargeback's state change pushed to the webhook URL. IntaSend does not document this body; what
 * it must carry to be read as one: the chargeback's id, its invoice and status, and no `invoice_id`
 * (which marks a collection event). Only the chargeback as then fetched from the API is acted on.
 */
export const chargebackWebhookBody = z
  .looseObject({
    id: id.optional(),
    chargeback_id: id.optional(),
    invoice: z.union([id, z.looseObject({ invoice_id: id })]),
    status: z.string().min(1),
    invoice_id: z.undefined().optional(),
    challenge: z.string().optional(),
  })
  .refine((c) => c.id !== undefined || c.chargeback_id !== undefined, 'chargeback without id');

/** M-PESA → mpesa, CARD-PAYMENT → card (IntaSend's invoice `provider`); anything else is not a method we know. */
export function toPaymentMethod(provider: string | null | undefined): 'mpesa' | 'card' | undefined {
  if (provider === 'M-PESA') return 'mpesa';
  if (provider === 'CARD-PAYMENT') return 'card';
  return undefined;
}

/** Both error shapes seen in the wild: `{detail}` and `{type, errors: [{code, detail, attr}]}`. */
const detailError = z.looseObject({ detail: z.string() });
const listError = z.looseObject({
  errors: z.array(z.looseObject({ detail: z.string().optional(), attr: z.string().nullish() })).min(1),
});

export function errorDetail(body: unknown): string | undefined {
  const single = detailError.safeParse(body);
  if (single.success) return single.data.detail;
  const list = listError.safeParse(body);
  if (!list.success) return undefined;
  return list.data.errors.map((e) => (e.attr ? `${e.attr}: ${e.detail ?? '?'}` : (e.detail ?? '?'))).join('; ');
}

export const webhookBody = z.looseObject({
  invoice_id: id,
  state: z.string().min(1),
  api_ref: z.string().nullish(),
  challenge: z.string().optional(),
});

/** Only COMPLETE is paid and FAILED is final; RETRY, COMPLETED and unknown words stay pending. */
export function toPaymentState(state: string): PaymentState {
  if (state === 'COMPLETE' || state === 'FAILED' || state === 'PROCESSING' || state === 'PENDING') return state;
  return 'PENDING';
}

export const KNOWN_STATES = new Set(['PENDING', 'PROCESSING', 'COMPLETE', 'FAILED']);

/** DISPUTED and OVERDUE are still open at IntaSend; only COMPLETED and CANCELLED end a refund. */
export function toRefundState(status: string): RefundState {
  if (status === 'COMPLETED' || status === 'CANCELLED') return status;
  return 'PENDING';
}
