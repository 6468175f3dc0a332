import { z } from 'zod';
import type { BookingPaymentStatus, BookingStatus, PAYMENT_STATUSES } from '../constants.ts';
import { PAYMENT_METHODS } from '../constants.ts';
import { normalizeKenyanPhone } from '../phone.ts';

export const MPESA_PHONE_REQUIRED = 'Please enter your M-Pesa phone number.';
export const MPESA_PHONE_FORMAT = 'Enter the M-Pesa number as 0712 345 678 or +254 712 345 678';

/** Starting (or retrying) the payment of a booking: M-Pesa needs the phone that gets the prompt. */
export const startPaymentInput = z
  .object({
    method: z.enum(PAYMENT_METHODS, { error: 'Choose M-Pesa or card' }),
    phone: z.string().trim().max(32).nullish(),
  })
  .transform((v, ctx) => {
    if (v.method === 'card') return { method: v.method, phone: null };
    if (!v.phone) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: MPESA_PHONE_REQUIRED });
      return z.NEVER;
    }
    const phone = normalizeKenyanPhone(v.phone);
    if (!phone) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: MPESA_PHONE_FORMAT });
      return z.NEVER;
    }
    return { method: v.method, phone };
  });
export type StartPaymentInput = z.input<typeof startPaymentInput>;

/**
 * A payment as the browser follows it. `status` is what the server has confirmed with the
 * provider; the browser never decides it. For card (and the sandbox), checkoutUrl is the page the
 * client pays on; for M-Pesa the prompt goes to the phone.
 */
export interface PaymentDto {
  id: string;
  bookingId: string;
  bookingReference: string;
  method: (typeof PAYMENT_METHODS)[number];
  provider: 'intasend' | 'sandbox';
  status: (typeof PAYMENT_STATUSES)[number];
  /** Whole KES owed. */
  amount: number;
  checkoutUrl: string | null;
  /** The provider's reason when the payment failed, or why the money was given back. */
  failureReason: string | null;
  bookingStatus: BookingStatus;
  bookingPaymentStatus: BookingPaymentStatus;
  /** When the provider confirmed the money (ISO instant); null until then. */
  paidAt: string | null;
  /** Whole KES being or already given back; null when nothing is refunded. */
  refundedAmount: number | null;
  createdAt: string;
}
