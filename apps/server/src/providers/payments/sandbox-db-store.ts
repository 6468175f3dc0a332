/**
 * The sandbox's ledger in the database (table sandbox_payments), so that a checkout page opened on
 * one copy of the server can be approved on another and survives restarts.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sandboxPayments, type SandboxRefundRecord } from '../../db/schema/sandbox-payments.ts';
import type { SandboxPayment, SandboxRefund, SandboxStore } from './sandbox-store.ts';

type Row = typeof sandboxPayments.$inferSelect;

const toRefund = (r: SandboxRefundRecord): SandboxRefund => ({ ...r, createdAt: new Date(r.createdAt) });

function toPayment(row: Row): SandboxPayment {
  const { refundedKes: _refunded, refunds, ...rest } = row;
  return { ...rest, refunds: refunds.map(toRefund) };
}

export function createDbSandboxStore(db: Executor): SandboxStore {
  return {
    async create(payment) {
      const { refunds, ...rest } = payment;
      const records = refunds.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
      const refundedKes = refunds.reduce((sum, r) => sum + r.amountKes, 0);
      await db.insert(sandboxPayments).values({ ...rest, refunds: records, refundedKes });
    },

    async get(providerRef) {
      const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.providerRef, providerRef));
      return row ? toPayment(row) : null;
    },

    async getByApiRef(apiRef) {
      const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.apiRef, apiRef));
      return row ? toPayment(row) : null;
    },

    // Conditional on still pending, so two presses (or two servers) cannot both decide it.
    async setOutcome(providerRef, decision) {
      const updated = await db
        .update(sandboxPayments)
        .set(decision)
        .where(and(eq(sandboxPayments.providerRef, providerRef), eq(sandboxPayments.outcome, 'pending')))
        .returning({ providerRef: sandboxPayments.providerRef });
      return updated.length > 0;
    },

    // One statement: the check constraint refuses a total above the amount paid, whatever the race.
    async addRefund(providerRef, refund) {
      const record: SandboxRefundRecord = { ...refund, createdAt: refund.createdAt.toISOString() };
      const updated = await db
        .update(sandboxPayments)
        .set({
          refunds: sql`${sandboxPayments.refunds} || ${JSON.stringify([record])}::jsonb`,
          refundedKes: sql`${sandboxPayments.refundedKes} + ${refund.amountKes}`,
        })
        .where(eq(sandboxPayments.providerRef, providerRef))
        .returning({ providerRef: sandboxPayments.providerRef });
      if (updated.length === 0) throw new Error(`sandbox payment ${providerRef} not found`);
    },
  };
}
