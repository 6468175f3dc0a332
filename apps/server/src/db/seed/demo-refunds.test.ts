import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRefundResult } from '@ops/shared/schemas/admin-payments';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { auditEvents } from '../schema/audit.ts';
import { bookings } from '../schema/bookings.ts';
import { payments } from '../schema/payments.ts';
import { sandboxPayments } from '../schema/sandbox-payments.ts';
import { seedDemoData } from './demo.ts';

let factory: TestDatabaseFactory;
let t: TestContext | undefined;
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A fresh install: the demo data loaded, the built-in sandbox as the payment provider. */
async function freshInstall(): Promise<TestContext> {
  t = await createTestContext(factory);
  expect(await seedDemoData(t.database.db)).toBe(true);
  return t;
}

describe('the demo’s payments on a fresh install', () => {
  it('can each be refunded from the Payments view, as a payment made through the sandbox can', async () => {
    const t = await freshInstall();
    const db = t.database.db;
    const paid = await db
      .select({ paymentId: payments.id, reference: bookings.reference, amount: payments.amount })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(and(eq(payments.status, 'paid'), eq(bookings.status, 'confirmed')));
    expect(paid.map((p) => p.reference)).toContain('OPS-C9P3LF');
    const admin = await t.signedInDirectly('admin');

    for (const { paymentId, reference, amount } of paid) {
      const res = await admin.client.post(`/api/admin/payments/${paymentId}/refund`, {});
      expect(res.status, `${reference}: ${await res.clone().text()}`).toBe(200);
      const body = (await res.json()) as AdminRefundResult;
      expect(body, reference).toMatchObject({ outcome: 'accepted', payment: { status: 'refunded', refundedAmount: Math.floor((amount * 95) / 100) } });
    }
    // OPS-C9P3LF: KES 30,000 paid, KES 28,500 back.
    const [ledger] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.providerRef, 'SBX-C9P3LF'));
    expect(ledger).toMatchObject({ outcome: 'approved', amountKes: 30_000, refundedKes: 28_500 });
  });

  it('are known to the sandbox as the console shows them: paid, declined or refunded, for the same amount', async () => {
    const t = await freshInstall();
    const db = t.database.db;
    const seeded = await db.select().from(payments).where(eq(payments.provider, 'sandbox'));
    expect(seeded.length).toBeGreaterThan(0);
    const ledger = await db
      .select()
      .from(sandboxPayments)
      .where(
        inArray(
          sandboxPayments.providerRef,
          seeded.map((p) => p.providerRef ?? ''),
        ),
      );
    const OUTCOME = { paid: 'approved', failed: 'declined', refunded: 'approved' } as const;
    for (const payment of seeded) {
      const record = ledger.find((r) => r.providerRef === payment.providerRef);
      expect(record, payment.apiRef).toMatchObject({
        apiRef: payment.apiRef,
        amountKes: payment.amount,
        method: payment.method,
        outcome: OUTCOME[payment.status as keyof typeof OUTCOME],
        refundedKes: payment.refundedAmount ?? 0,
      });
    }
  });

  it('records a refund the sandbox refuses as a refused attempt, never as a refund made', async () => {
    const t = await freshInstall();
    const db = t.database.db;
    const [payment] = await db
      .select({ id: payments.id })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(eq(bookings.reference, 'OPS-C9P3LF'));
    // The sandbox no longer holds the money (given back in its own dashboard, say): it refuses.
    await db.update(sandboxPayments).set({ refundedKes: 30_000 }).where(eq(sandboxPayments.providerRef, 'SBX-C9P3LF'));
    await db
      .update(sandboxPayments)
      .set({ refunds: [{ refundRef: 'SBX-C9P3LF-R1', amountKes: 30_000, reason: 'by hand', createdAt: new Date().toISOString() }] })
      .where(eq(sandboxPayments.providerRef, 'SBX-C9P3LF'));
    const admin = await t.signedInDirectly('admin');

    const res = await admin.client.post(`/api/admin/payments/${payment!.id}/refund`, {});
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toMatch(/^The payment service refused the refund: refund of KES 28500 exceeds/);
    const rows = await db.select().from(auditEvents).where(eq(auditEvents.recordId, payment!.id));
    expect(rows.map((r) => r.action).sort()).toEqual(['payment.refund_refused', 'payment.refund_request']);
    expect(rows.find((r) => r.action === 'payment.refund_refused')).toMatchObject({ actorProfileId: admin.profileId, after: { status: 'paid' } });
    expect(rows.some((r) => r.action === 'payment.refund')).toBe(false);
  });
});
