import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema/payments.ts';
import { sandboxPayments } from '../../db/schema/sandbox-payments.ts';
import { SANDBOX_REASONS } from '../../providers/payments/sandbox-cards.ts';
import { createDbSandboxStore } from '../../providers/payments/sandbox-db-store.ts';
import { SANDBOX_MPESA_PROMPT_MS } from '../../providers/payments/sandbox.ts';
import { GOOD_CARD, approveMpesa, bookingRow, pay, paymentRow, payingScene, submitSandbox } from '../../test/payment-helpers.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { LIVE_ATTEMPT_MS } from './payment-start.service.ts';

let factory: TestDatabaseFactory;
let t: TestContext;
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());
beforeEach(async () => {
  t = await createTestContext(factory);
});
afterEach(() => t.close());

const CARD = { method: 'card' } as const;

async function followPayment(client: TestClient, id: string) {
  return (await (await client.get(`/api/payments/${id}`)).json()) as Record<string, unknown>;
}

/** The prompt's minute has passed with nobody answering it (the sandbox's ledger says when it rang). */
async function letPromptRingOut(paymentId: string) {
  const { providerRef } = await paymentRow(t, paymentId);
  const rang = new Date(Date.now() - SANDBOX_MPESA_PROMPT_MS - 1000);
  await t.database.db
    .update(sandboxPayments)
    .set({ createdAt: rang })
    .where(eq(sandboxPayments.providerRef, providerRef ?? ''));
}

const sandboxRows = () => t.database.db.select().from(sandboxPayments);

describe('paying again after an M-Pesa prompt', () => {
  it('a second Pay while the prompt may still ring answers with the same attempt, card asked or not', async () => {
    const { client, booking } = await payingScene(t);
    const first = await pay(client.client, booking.id);
    expect(first.res.status).toBe(201);

    const again = await pay(client.client, booking.id);
    expect(again.res.status).toBe(200);
    expect(again.body).toMatchObject({ id: first.body.id, method: 'mpesa', status: 'pending' });
    const card = await pay(client.client, booking.id, CARD);
    expect(card.res.status).toBe(200);
    expect(card.body).toMatchObject({ id: first.body.id, method: 'mpesa' });
    expect(await sandboxRows()).toHaveLength(1);
  });

  it('declined on the phone: the prompt is sent again as a new attempt, to a corrected number, and pays the booking', async () => {
    const { client, booking } = await payingScene(t);
    const { body: first } = await pay(client.client, booking.id);
    await submitSandbox(client.client, first.checkoutUrl, { action: 'decline' });
    expect(await followPayment(client.client, first.id)).toMatchObject({
      status: 'failed',
      failureReason: SANDBOX_REASONS.mpesaCancelled,
      bookingPaymentStatus: 'failed',
    });

    const { res, body: retry } = await pay(client.client, booking.id, { method: 'mpesa', phone: '0722 000 111' });
    expect(res.status).toBe(201);
    expect(retry.id).not.toBe(first.id);
    expect(await paymentRow(t, retry.id)).toMatchObject({ phone: '254722000111', apiRef: `booking-${booking.reference}-2` });
    await approveMpesa(client.client, retry.checkoutUrl);

    expect(await followPayment(client.client, retry.id)).toMatchObject({ status: 'paid', bookingStatus: 'confirmed', bookingPaymentStatus: 'paid' });
    expect(await paymentRow(t, first.id)).toMatchObject({ status: 'failed' });
  });

  it('not answered: the prompt times out, then card starts at once and pays the booking', async () => {
    const { client, booking } = await payingScene(t);
    const { body: first } = await pay(client.client, booking.id);
    await letPromptRingOut(first.id);
    expect(await followPayment(client.client, first.id)).toMatchObject({
      status: 'failed',
      failureReason: SANDBOX_REASONS.mpesaTimedOut,
      bookingPaymentStatus: 'failed',
    });

    const { res, body: card } = await pay(client.client, booking.id, CARD);
    expect(res.status).toBe(201);
    expect(card).toMatchObject({ method: 'card', status: 'pending', bookingPaymentStatus: 'pending' });
    await submitSandbox(client.client, card.checkoutUrl, { action: 'approve', ...GOOD_CARD });

    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(await paymentRow(t, card.id)).toMatchObject({ status: 'paid' });
  });

  it('"No answer" on the sandbox page, then not enough funds: each time a new prompt can be sent, and card still pays', async () => {
    const { client, booking } = await payingScene(t);
    const { body: first } = await pay(client.client, booking.id);
    await submitSandbox(client.client, first.checkoutUrl, { action: 'no_answer' });
    expect(await followPayment(client.client, first.id)).toMatchObject({ status: 'failed', failureReason: SANDBOX_REASONS.mpesaTimedOut });

    const { res, body: second } = await pay(client.client, booking.id);
    expect(res.status).toBe(201);
    await submitSandbox(client.client, second.checkoutUrl, { action: 'insufficient_funds' });
    expect(await followPayment(client.client, second.id)).toMatchObject({ status: 'failed', failureReason: SANDBOX_REASONS.mpesaInsufficientFunds });

    const { body: card } = await pay(client.client, booking.id, CARD);
    expect(card.id).not.toBe(second.id);
    await submitSandbox(client.client, card.checkoutUrl, { action: 'approve', ...GOOD_CARD });
    expect(await followPayment(client.client, card.id)).toMatchObject({ status: 'paid', bookingStatus: 'confirmed' });
    expect((await t.database.db.select().from(payments).where(eq(payments.bookingId, booking.id))).map((p) => p.status).sort()).toEqual([
      'failed',
      'failed',
      'paid',
    ]);
  });

  it('card asked while our record says the prompt rings: the provider is asked first, and a prompt declined meanwhile does not stand in the way', async () => {
    const { client, booking } = await payingScene(t);
    const { body: first } = await pay(client.client, booking.id);
    // Declined on another copy of the server: only the provider's ledger knows yet.
    await createDbSandboxStore(t.database.db).setOutcome((await paymentRow(t, first.id)).providerRef ?? '', {
      outcome: 'declined',
      failureReason: SANDBOX_REASONS.mpesaCancelled,
      payerDetail: null,
      decidedAt: new Date(),
    });

    const { res, body: card } = await pay(client.client, booking.id, CARD);
    expect(res.status).toBe(201);
    expect(card).toMatchObject({ method: 'card', status: 'pending' });
    expect(await paymentRow(t, first.id)).toMatchObject({ status: 'failed', failureReason: SANDBOX_REASONS.mpesaCancelled });
  });

  it('a prompt still pending after the live window does not block card; approved late, its money goes back in full and the booking is paid once', async () => {
    const { client, booking } = await payingScene(t);
    const { body: first } = await pay(client.client, booking.id);
    // Our record is past the live window while the provider still says pending (a slow network's prompt).
    await t.database.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - LIVE_ATTEMPT_MS.mpesa - 1000) })
      .where(eq(payments.id, first.id));

    const { res, body: card } = await pay(client.client, booking.id, CARD);
    expect(res.status).toBe(201);
    await submitSandbox(client.client, card.checkoutUrl, { action: 'approve', ...GOOD_CARD });
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });

    await approveMpesa(client.client, first.checkoutUrl);
    expect(await paymentRow(t, first.id)).toMatchObject({
      status: 'refunded',
      refundedAmount: 9600,
      failureReason: expect.stringContaining('already been paid'),
    });
    expect(await paymentRow(t, card.id)).toMatchObject({ status: 'paid' });
    expect(await bookingRow(t, booking.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
  });
});
