/**
 * The only SQL that writes where a payment stands: its status and what moves with it (when money
 * arrived or went back, how much, the provider's refund, the reason, an admin's refund claim).
 * Called by payment-lifecycle.service.ts alone, after the shared status machine has allowed the
 * move (lint: eslint.config.js).
 */
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { payments } from '../../db/schema/payments.ts';
import type { NewPayment, PaymentRow } from './payments.repo.ts';

/** What a change of state may write: everything but who pays, for what, how much and our reference. */
export type PaymentStateChanges = Partial<
  Omit<NewPayment, 'id' | 'bookingId' | 'enrollmentId' | 'payerProfileId' | 'provider' | 'amount' | 'currency' | 'apiRef' | 'createdAt' | 'updatedAt'>
>;

export async function insertPayment(db: Executor, values: NewPayment): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  if (!row) throw new Error('The payment was not stored');
  return row;
}

export async function writePaymentState(db: Executor, id: string, changes: PaymentStateChanges, now: Date): Promise<PaymentRow> {
  const [row] = await db
    .update(payments)
    .set({ ...changes, updatedAt: now })
    .where(eq(payments.id, id))
    .returning();
  if (!row) throw new Error(`payment ${id} not found`);
  return row;
}

/**
 * Takes the job of requesting an owed refund (refund_pending), or of asking again for an admin's
 * refund whose answer never came (paid, claimed): only one worker at a time, and a claim older than
 * `staleBefore` (its worker died or timed out) may be taken over.
 */
export async function claimRefundRequest(db: Executor, id: string, now: Date, staleBefore: Date): Promise<PaymentRow | null> {
  const [row] = await db
    .update(payments)
    .set({ refundRequestedAt: now, updatedAt: now })
    .where(
      and(
        eq(payments.id, id),
        isNull(payments.refundRef),
        or(
          and(eq(payments.status, 'refund_pending'), or(isNull(payments.refundRequestedAt), lt(payments.refundRequestedAt, staleBefore))),
          and(eq(payments.status, 'paid'), lt(payments.refundRequestedAt, staleBefore)),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * An admin's refund the provider refused (or cancelled): the payment is plainly paid again, and
 * (`clearReason`) the reason it carried for the refund goes with the claim.
 */
export async function releaseRefundClaim(db: Executor, id: string, now: Date, clearReason = false): Promise<PaymentRow | null> {
  const [row] = await db
    .update(payments)
    .set({ refundRequestedAt: null, ...(clearReason ? { failureReason: null } : {}), updatedAt: now })
    .where(and(eq(payments.id, id), eq(payments.status, 'paid')))
    .returning();
  return row ?? null;
}
