import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDaysToDate, nairobiDate, nairobiInstant } from '@ops/shared/domain/nairobi-time';
import { monthOf, type AdminPaymentPage, type AdminPaymentSummary } from '@ops/shared/schemas/admin-payments';
import { auditEvents } from '../../db/schema/audit.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { payments } from '../../db/schema/payments.ts';
import { startFakeIntaSend } from '../../providers/payments/fake-intasend-server.ts';
import { insertBooking } from '../../test/fixtures.ts';
import { intaSendAgainst, pay, paymentRow, payingScene } from '../../test/payment-helpers.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';

let factory: TestDatabaseFactory;
let t: TestContext;
let admin: { client: TestClient; profileId: string };
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());
beforeEach(async () => {
  t = await createTestContext(factory);
  admin = await t.signedInDirectly('admin', { fullName: 'Grace Wanjiru' });
});
afterEach(() => t.close());

const today = nairobiDate(new Date());
const thisMonth = monthOf(today);
const lastMonth = monthOf(today, 1);
/** Noon (Nairobi) of a day `days` after the first of this month, or of last month. */
const inThisMonth = (days = 0) => nairobiInstant(addDaysToDate(thisMonth.from, days), '12:00');
const inLastMonth = (days = 0) => nairobiInstant(addDaysToDate(lastMonth.from, days), '12:00');

let apiRefs = 0;
async function payment(fields: Partial<typeof payments.$inferInsert> & { bookingId: string; payerProfileId: string }) {
  apiRefs += 1;
  const [row] = await t.database.db
    .insert(payments)
    .values({ provider: 'intasend', method: 'mpesa', amount: 9600, status: 'paid', apiRef: `bkg_test_${apiRefs}`, ...fields })
    .returning();
  return row!;
}

async function people() {
  const amina = await t.signedInDirectly('client', { fullName: 'Amina Hassan', phone: '254711000111' });
  const brian = await t.signedInDirectly('client', { fullName: 'Brian Otieno', phone: '254722000222' });
  return { amina, brian };
}

async function list(query: string): Promise<AdminPaymentPage> {
  const res = await admin.client.get(`/api/admin/payments?${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as AdminPaymentPage;
}

describe('the payments table', () => {
  it('lists every attempt newest first and finds one by reference, client, phone or provider reference', async () => {
    const { amina, brian } = await people();
    const paidBooking = await insertBooking(t.database.db, { clientProfileId: amina.profileId, status: 'confirmed' });
    const otherBooking = await insertBooking(t.database.db, { clientProfileId: brian.profileId, status: 'pending', paymentStatus: 'failed' });
    const [{ reference }] = (await t.database.db.select({ reference: bookings.reference }).from(bookings).where(eq(bookings.id, paidBooking))) as [
      { reference: string },
    ];
    const now = Date.now();
    const paid = await payment({
      bookingId: paidBooking,
      payerProfileId: amina.profileId,
      providerRef: 'NR5XKGY',
      paidAt: new Date(now - 2 * 86_400_000),
      createdAt: new Date(now - 2 * 86_400_000),
    });
    const failed = await payment({
      bookingId: otherBooking,
      payerProfileId: brian.profileId,
      method: 'card',
      status: 'failed',
      failureReason: 'Card declined',
      createdAt: new Date(now - 86_400_000),
    });
    const pending = await payment({ bookingId: otherBooking, payerProfileId: brian.profileId, method: 'card', status: 'processing' });

    const all = await list('');
    expect(all.total).toBe(3);
    expect(all.items.map((p) => p.id)).toEqual([pending.id, failed.id, paid.id]);
    expect(all.items[2]).toMatchObject({
      bookingReference: reference,
      client: { fullName: 'Amina Hassan', phone: '254711000111' },
      method: 'mpesa',
      providerRef: 'NR5XKGY',
      amount: 9600,
      status: 'paid',
      canRefund: true,
      refundAmount: 9120,
    });
    expect(all.items[1]).toMatchObject({ method: 'card', status: 'failed', canRefund: false, failureReason: 'Card declined' });

    const ids = async (query: string) => (await list(query)).items.map((p) => p.id);
    expect(await ids('q=amina')).toEqual([paid.id]);
    expect(await ids('q=0722 000')).toEqual([pending.id, failed.id]);
    expect(await ids(`q=${reference.toLowerCase()}`)).toEqual([paid.id]);
    expect(await ids(`q=${reference.replace('OPS-', '')}`)).toEqual([paid.id]);
    expect(await ids('q=nr5xkgy')).toEqual([paid.id]);
    expect(await ids('q=nobody')).toEqual([]);
    // A search's total comes with its page, and still holds on a page past its last match.
    expect(await list('q=0722 000&pageSize=10')).toMatchObject({ total: 2 });
    expect(await list('q=0722 000&pageSize=10&page=2')).toMatchObject({ items: [], total: 2 });
    expect(await ids('status=pending')).toEqual([pending.id]);
    expect(await ids('method=card')).toEqual([pending.id, failed.id]);
    expect(await ids('method=card&status=failed')).toEqual([failed.id]);
    const yesterday = addDaysToDate(today, -1);
    expect(await ids(`from=${today}&to=${today}`)).toEqual([pending.id]);
    expect(await ids(`to=${yesterday}`)).toEqual([failed.id, paid.id]);
    expect((await admin.client.get('/api/admin/payments?method=cheque')).status).toBe(400);
    expect((await admin.client.get(`/api/admin/payments?from=${today}&to=${yesterday}`)).status).toBe(400);

    const reads = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'payment.list'));
    expect(reads.length).toBeGreaterThan(0);
    expect(reads[0]).toMatchObject({ actorProfileId: admin.profileId, after: { paymentIds: [pending.id, failed.id, paid.id] } });
  });
});

describe('the summary of a period', () => {
  it('adds up money in, money back, attempts pending, refunds pending and the commission recorded with each payment that confirmed its booking', async () => {
    const { amina } = await people();
    const db = t.database.db;
    const booking = async (commissionAmount: number | null) => {
      const id = await insertBooking(db, { clientProfileId: amina.profileId, status: 'confirmed' });
      await db.update(bookings).set({ commissionAmount }).where(eq(bookings.id, id));
      return id;
    };
    const payer = { payerProfileId: amina.profileId };
    // This month: two paid (commission 480 + 250), one refunded in full after arriving, one 95% refund still pending.
    await payment({ ...payer, bookingId: await booking(480), amount: 9600, paidAt: inThisMonth(0), commissionAmount: 480 });
    await payment({ ...payer, bookingId: await booking(250), amount: 5000, paidAt: inThisMonth(1), commissionAmount: 250 });
    await payment({
      ...payer,
      bookingId: await booking(null),
      amount: 3000,
      status: 'refunded',
      paidAt: inThisMonth(1),
      refundedAmount: 3000,
      refundedAt: inThisMonth(2),
    });
    await payment({ ...payer, bookingId: await booking(100), amount: 2000, status: 'refund_pending', paidAt: inLastMonth(3), refundedAmount: 1900 });
    // Money of the wrong amount counts as what arrived.
    await payment({
      ...payer,
      bookingId: await booking(null),
      amount: 4000,
      receivedAmount: 400,
      status: 'refund_pending',
      paidAt: inThisMonth(2),
      refundedAmount: 400,
    });
    await payment({ ...payer, bookingId: await booking(null), amount: 7000, status: 'pending', createdAt: inThisMonth(0) });
    await payment({ ...payer, bookingId: await booking(null), amount: 1000, status: 'failed', createdAt: inThisMonth(0) });
    // Last month: one paid and refunded this month.
    await payment({
      ...payer,
      bookingId: await booking(60),
      amount: 1200,
      status: 'refunded',
      paidAt: inLastMonth(5),
      refundedAmount: 1140,
      refundedAt: inThisMonth(0),
    });

    const summary = async (query: string) => {
      const res = await admin.client.get(`/api/admin/payments/summary${query}`);
      expect(res.status).toBe(200);
      return (await res.json()) as AdminPaymentSummary;
    };
    expect(await summary('')).toEqual({
      from: thisMonth.from,
      to: thisMonth.to,
      collected: 9600 + 5000 + 3000 + 400,
      collectedCount: 4,
      refunded: 3000 + 1140,
      refundedCount: 2,
      net: 9600 + 5000 + 3000 + 400 - 3000 - 1140,
      pending: 7000,
      pendingCount: 1,
      refundsPending: 1900 + 400,
      refundsPendingCount: 2,
      commission: 480 + 250,
      commissionRateBasisPoints: 500,
    });
    expect(await summary(`?from=${lastMonth.from}&to=${lastMonth.to}`)).toMatchObject({
      collected: 2000 + 1200,
      collectedCount: 2,
      refunded: 0,
      pending: 0,
      commission: 0,
      refundsPending: 2300,
    });
    expect((await admin.client.get(`/api/admin/payments/summary?from=${thisMonth.to}&to=${thisMonth.from}`)).status).toBe(400);
  });
});

/** RFC 4180, as a spreadsheet reads the export back. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += ch;
  }
  return rows;
}

describe('the CSV export', () => {
  it('gives the accountant the filtered payments, formula-safe, and is on the trail', async () => {
    const client = await t.signedInDirectly('client', { fullName: '=HYPERLINK("http://evil","Pay")', phone: '254733000333' });
    const other = await t.signedInDirectly('client', { fullName: 'Brian Otieno' });
    const bookingId = await insertBooking(t.database.db, { clientProfileId: client.profileId, status: 'confirmed' });
    await payment({ bookingId, payerProfileId: client.profileId, method: 'card', providerRef: 'CARD1', paidAt: new Date() });
    await payment({ bookingId, payerProfileId: other.profileId, status: 'failed', failureReason: 'Request cancelled by user' });

    const res = await admin.client.get('/api/admin/payments.csv?method=card');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parseCsv(await res.text());
    expect(rows[0]).toEqual([
      'Created (UTC)',
      'Paid (UTC)',
      'Refunded (UTC)',
      'Booking reference',
      'Course',
      'Client',
      'Phone',
      'Method',
      'Provider',
      'Provider reference',
      'Amount (KES)',
      'Received (KES)',
      'Refunded (KES)',
      'Status',
      'Reason',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      3: expect.stringMatching(/^OPS-/) as string,
      4: '',
      5: `'=HYPERLINK("http://evil","Pay")`,
      6: '254733000333',
      7: 'Card',
      9: 'CARD1',
      10: '9600',
      13: 'Paid',
    });

    const exports = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'payment.export'));
    expect(exports).toEqual([
      expect.objectContaining({ actorProfileId: admin.profileId, after: { filters: expect.objectContaining({ method: 'card' }) } }),
    ]);
  });
});

describe('the method shown', () => {
  it('is the one IntaSend reported when the money arrived, not the one chosen at the start', async () => {
    const fake = await startFakeIntaSend();
    const ctx = await createTestContext(factory, {
      payments: intaSendAgainst(fake),
    });
    try {
      const { client, booking } = await payingScene(ctx);
      const { body } = await pay(client.client, booking.id, { method: 'card' });
      expect(await paymentRow(ctx, body.id)).toMatchObject({ method: 'card' });
      const checkout = [...fake.ledger.checkouts.values()][0]!;
      const invoiceId = fake.payCheckout(checkout.id, { states: ['COMPLETE'] });
      // The hosted page took M-Pesa after all.
      fake.ledger.invoices.get(invoiceId)!.provider = 'M-PESA';
      await client.client.get(`/api/payments/${body.id}?trackingId=${invoiceId}`);
      expect(await paymentRow(ctx, body.id)).toMatchObject({ status: 'paid', method: 'mpesa', providerRef: invoiceId });
    } finally {
      await ctx.close();
      await fake.close();
    }
  });
});
