import type { PaymentDto } from '@ops/shared/schemas/payments';
import type { Executor } from '../../db/client.ts';
import { findPaymentView, isOnlinePayment, type PaymentView } from './payments.repo.ts';

/** What the browser may know of a payment: never the provider's raw answers or the checkout signature. */
export function toPaymentDto({ payment, bookingReference, bookingStatus, bookingPaymentStatus }: PaymentView): PaymentDto {
  // A booking is paid online only; cash is a course fee the office records (payments_cash_check).
  if (!isOnlinePayment(payment)) throw new Error('a cash payment record is not a booking payment');
  return {
    id: payment.id,
    bookingId: payment.bookingId ?? '',
    bookingReference,
    method: payment.method,
    provider: payment.provider,
    status: payment.status,
    amount: payment.amount,
    checkoutUrl: payment.checkoutUrl,
    failureReason: payment.failureReason,
    bookingStatus,
    bookingPaymentStatus,
    paidAt: payment.paidAt?.toISOString() ?? null,
    refundedAmount: payment.refundedAmount,
    createdAt: payment.createdAt.toISOString(),
  };
}

export async function getPaymentDto(db: Executor, paymentId: string): Promise<PaymentDto | null> {
  const view = await findPaymentView(db, paymentId);
  return view ? toPaymentDto(view) : null;
}
