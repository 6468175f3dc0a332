import { and, count, desc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import { IN_FLIGHT_PAYMENT_STATUSES } from '@ops/shared/domain/payment-status';
import type { Executor } from '../../db/client.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { paymentEvents, payments } from '../../db/schema/payments.ts';

export type PaymentRow = typeof payments.$inferSelect;
/** A payment taken through a provider: every booking payment, and online course fees. */
export type OnlinePaymentRow = PaymentRow & { provider: Exclude<PaymentRow['provider'], 'office'>; method: Exclude<PaymentRow['method'], 'cash'> };
/** Cash is recorded by the office, never taken or refunded through a provider (payments_cash_check). */
export function isOnlinePayment(payment: PaymentRow): payment is OnlinePaymentRow {
  return payment.provider !== 'office' && payment.method !== 'cash';
}
export type NewPayment = typeof payments.$inferInsert;

/** Attempts that may still turn into money: the provider has not given a final answer. */
export const IN_FLIGHT_STATUSES = IN_FLIGHT_PAYMENT_STATUSES;

export async function findPayment(db: Executor, id: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row ?? null;
}

/** The row, locked until the transaction ends: settling one payment twice at once is impossible. */
export async function lockPayment(db: Executor, id: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).for('update');
  return row ?? null;
}

/**
 * A settled payment's invoice id, learnt late (a card paid before its invoice id was known): kept,
 * refunds need it. Where the payment stands is written by payment-lifecycle.service.ts only.
 */
export async function recordInvoiceId(db: Executor, id: string, providerRef: string, now: Date): Promise<void> {
  await db.update(payments).set({ providerRef, updatedAt: now }).where(eq(payments.id, id));
}

export async function countBookingPayments(db: Executor, bookingId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(payments).where(eq(payments.bookingId, bookingId));
  return row?.n ?? 0;
}

/** In-flight attempts of one booking, only when it belongs to this payer. */
export function findInFlightPayments(db: Executor, bookingId: string, payerProfileId?: string) {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.bookingId, bookingId),
        inArray(payments.status, IN_FLIGHT_STATUSES),
        payerProfileId ? eq(payments.payerProfileId, payerProfileId) : undefined,
      ),
    );
}

export async function findPaidBookingPayment(db: Executor, bookingId: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'paid')));
  return row ?? null;
}

/** A course fee's paid payment (online or at the office), if any. */
export async function findPaidEnrollmentPayment(db: Executor, enrollmentId: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.enrollmentId, enrollmentId), eq(payments.status, 'paid')))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row ?? null;
}

/** The attempt a provider callback is about: by its invoice id, or by our reference before we knew it. */
export async function findPaymentForEvent(db: Executor, provider: PaymentRow['provider'], providerRef: string, apiRef: string | null) {
  const [byRef] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef)));
  if (byRef || !apiRef) return byRef ?? null;
  const [byApiRef] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.apiRef, apiRef)));
  return byApiRef ?? null;
}

/** Records a provider callback once; false when the same event was recorded before. */
export async function insertPaymentEvent(db: Executor, event: typeof paymentEvents.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(paymentEvents).values(event).onConflictDoNothing().returning({ id: paymentEvents.id });
  return inserted.length > 0;
}

export async function deletePaymentEvent(db: Executor, provider: (typeof paymentEvents.$inferSelect)['provider'], eventKey: string): Promise<void> {
  await db.delete(paymentEvents).where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventKey, eventKey)));
}

/**
 * Takes up to `limit` attempts still in flight for the sweep to ask about: older than
 * `createdBefore` (a start may still be talking to the provider) and not checked since
 * `checkedBefore`. Rows another server is taking are skipped, so two servers never ask twice.
 */
export async function claimPaymentsToCheck(db: Executor, now: Date, createdBefore: Date, checkedBefore: Date, limit: number): Promise<PaymentRow[]> {
  const due = db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        inArray(payments.status, IN_FLIGHT_STATUSES),
        lt(payments.createdAt, createdBefore),
        or(isNull(payments.checkedAt), lt(payments.checkedAt, checkedBefore)),
      ),
    )
    .orderBy(payments.createdAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db.update(payments).set({ checkedAt: now }).where(inArray(payments.id, due)).returning();
}

/** A payment with what the payment screens show of its booking. */
export async function findPaymentView(db: Executor, id: string) {
  const [row] = await db
    .select({
      payment: payments,
      bookingReference: bookings.reference,
      bookingStatus: bookings.status,
      bookingPaymentStatus: bookings.paymentStatus,
      clientProfileId: bookings.clientProfileId,
      guardProfileId: bookings.guardProfileId,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(eq(payments.id, id));
  return row ?? null;
}
export type PaymentView = NonNullable<Awaited<ReturnType<typeof findPaymentView>>>;
