/**
 * What money moving means for what a payment pays, when that is not a booking. Payments settles,
 * closes and refunds the money; what that does to a course fee's enrolment is the academy's, handed
 * to payments at start-up (app.ts registers it) rather than imported, so payments depends on nothing
 * of the academy and the academy may use payments freely.
 */
import type { Transaction } from '../../db/client.ts';
import type { AppDeps } from '../../lib/context.ts';
import type { PaymentStatus } from '../../providers/payments/payment-provider.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import type { PaymentDeps } from './payment-common.ts';
import type { PaymentRow } from './payments.repo.ts';

export type SettleOutcome = 'unchanged' | 'pending' | 'failed' | 'confirmed' | 'refund_owed';

export type Settled = { outcome: Exclude<SettleOutcome, 'refund_owed'> } | { outcome: 'refund_owed'; paymentId: string };

/** What a payment may pay for besides a booking (payments.booking_id): a course fee (payments.enrollment_id). */
export type SettlementKind = 'enrollment';

export interface SettlementHandler {
  /**
   * settlePayment's part, in its transaction, on the locked payment (already checked to be about this
   * attempt and not settled before): the payment's own moves through payment-lifecycle.service.ts,
   * and what they mean for what it pays.
   */
  settle(tx: Transaction, deps: PaymentDeps, payment: PaymentRow, status: PaymentStatus, now: Date): Promise<Settled>;
  /** An attempt closed without money (the provider said nothing for two days): what it held is released. */
  closeAttempt(tx: Transaction, subjectId: string, now: Date, tell: boolean): Promise<void>;
  /**
   * Before an admin's refund is claimed, in its transaction, after the payment was locked: locks what
   * the payment pays for and refuses (404, 409 with the reason) when it cannot be refunded now.
   */
  lockForRefund(tx: Transaction, subjectId: string): Promise<{ profileId: string; status: string }>;
  /**
   * The provider took an admin's refund (payment locked, in the transaction that records it): what
   * the payment paid for is cancelled and its owner told. False when it moved on meanwhile (the money
   * still goes back; the caller logs it for a person).
   */
  refundAccepted(
    tx: Transaction,
    payment: PaymentRow,
    refund: { reason: string; amount: number; done: boolean; by: AuditActor | null },
    now: Date,
  ): Promise<boolean>;
  /** The 'send-payment-refund-notice' job for such a payment: tells its owner why and how much comes back. */
  sendRefundNotice(deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>, payment: PaymentRow): Promise<void>;
}

const handlers = new Map<SettlementKind, SettlementHandler>();

/** Given once at start-up (app.ts); giving it again replaces it. */
export function registerSettlementHandler(kind: SettlementKind, handler: SettlementHandler): void {
  handlers.set(kind, handler);
}

export function settlementHandler(kind: SettlementKind): SettlementHandler {
  const handler = handlers.get(kind);
  if (!handler) throw new Error(`no settlement handler for ${kind} payments: app.ts registers it at start-up`);
  return handler;
}
