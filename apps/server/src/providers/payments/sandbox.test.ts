import { beforeEach, describe, expect, it } from 'vitest';
import type { StartCheckoutInput } from './payment-provider.ts';
import { SANDBOX_REASONS } from './sandbox-cards.ts';
import { SANDBOX_BANNER } from './sandbox-page.ts';
import { createSandboxProvider, SANDBOX_MPESA_PROMPT_MS, type SandboxProvider } from './sandbox.ts';
import type { SandboxPayment, SandboxStore } from './sandbox-store.ts';

/** Test double only: the server backs the sandbox with a database table. */
function createMemoryStore(): SandboxStore {
  const rows = new Map<string, SandboxPayment>();
  return {
    create(payment) {
      rows.set(payment.providerRef, structuredClone(payment));
      return Promise.resolve();
    },
    get(ref) {
      const row = rows.get(ref);
      return Promise.resolve(row ? structuredClone(row) : null);
    },
    getByApiRef(apiRef) {
      const row = [...rows.values()].find((r) => r.apiRef === apiRef);
      return Promise.resolve(row ? structuredClone(row) : null);
    },
    setOutcome(ref, decision) {
      const row = rows.get(ref);
      if (!row || row.outcome !== 'pending') return Promise.resolve(false);
      rows.set(ref, { ...row, ...decision });
      return Promise.resolve(true);
    },
    addRefund(ref, refund) {
      rows.get(ref)?.refunds.push(refund);
      return Promise.resolve();
    },
  };
}

const NOW = new Date('2025-03-10T09:00:00Z');
const mpesa: StartCheckoutInput = {
  apiRef: 'bkg_55555555-5555-4555-8555-555555555555',
  amountKes: 7200,
  method: 'mpesa',
  phone: '254712345678',
  email: 'achieng@example.co.ke',
  narrative: 'Guard booking <Westlands> 6 hours',
  redirectUrl: 'http://localhost:3000/bookings/5?from=pay',
};
const card: StartCheckoutInput = { ...mpesa, method: 'card', phone: undefined };
const goodCard = { card_number: '4242 4242 4242 4242', card_expiry: '12/27', card_cvc: '123' };

let sandbox: SandboxProvider;
let now: Date;
beforeEach(() => {
  now = NOW;
  sandbox = createSandboxProvider({ store: createMemoryStore(), clock: () => now });
});

describe('sandbox payment provider', () => {
  it('issues a checkout page on our own server and starts pending', async () => {
    const started = await sandbox.startCheckout(mpesa);
    // A path on the site the client is on, whatever address that is: the page needs their session.
    expect(started.checkoutUrl).toBe(`/sandbox/checkout/${started.providerRef}`);
    expect(await sandbox.getStatus({ providerRef: started.providerRef })).toMatchObject({
      state: 'PENDING',
      amountKes: 7200,
      currency: 'KES',
      apiRef: mpesa.apiRef,
    });
  });

  it('renders a plainly marked page without script, escaping what it shows', async () => {
    const { providerRef } = await sandbox.startCheckout(mpesa);
    const html = (await sandbox.renderCheckout(providerRef ?? '')) ?? '';
    expect(html).toContain(SANDBOX_BANNER);
    expect(html).toContain('KES 7,200');
    expect(html).toContain('Guard booking &lt;Westlands&gt; 6 hours');
    expect(html).toContain('value="+254 712 345 678"');
    expect(html).toMatch(/<form method="post" action="\/sandbox\/checkout\/SBX[0-9A-F]+">/);
    expect(html.match(/name="action" value="(approve|decline|insufficient_funds|no_answer)"/g)).toHaveLength(4);
    expect(html).not.toMatch(/<script|onclick=|javascript:/i);
    expect(await sandbox.renderCheckout('SBXNOPE')).toBeNull();
  });

  it('approve completes with the full amount and sends the tester back with tracking_id', async () => {
    const { providerRef } = await sandbox.startCheckout(mpesa);
    const result = await sandbox.submitCheckout(providerRef ?? '', { action: 'approve', phone: '0712 345 678' });
    expect(result).toEqual({ kind: 'done', state: 'COMPLETE', redirectTo: `/bookings/5?from=pay&tracking_id=${providerRef}` });
    expect(await sandbox.getStatus({ providerRef })).toMatchObject({ state: 'COMPLETE', amountKes: 7200, raw: { payerDetail: '254712345678' } });
    expect(await sandbox.renderCheckout(providerRef ?? '')).toContain('Payment approved');
  });

  it('decline fails M-Pesa as cancelled by the user, and a decided payment stays decided', async () => {
    const { providerRef } = await sandbox.startCheckout(mpesa);
    await sandbox.submitCheckout(providerRef ?? '', { action: 'decline' });
    expect(await sandbox.getStatus({ providerRef })).toMatchObject({ state: 'FAILED', failureReason: SANDBOX_REASONS.mpesaCancelled });
    expect(await sandbox.submitCheckout(providerRef ?? '', { action: 'approve', phone: '0712345678' })).toMatchObject({ kind: 'done', state: 'FAILED' });
  });

  it('M-Pesa: not enough funds fails with its own reason', async () => {
    const { providerRef } = await sandbox.startCheckout(mpesa);
    expect(await sandbox.submitCheckout(providerRef ?? '', { action: 'insufficient_funds' })).toMatchObject({ kind: 'done', state: 'FAILED' });
    expect(await sandbox.getStatus({ providerRef })).toMatchObject({ state: 'FAILED', failureReason: SANDBOX_REASONS.mpesaInsufficientFunds });
  });

  it('M-Pesa: no answer times the prompt out at once, and it cannot be approved afterwards', async () => {
    const { providerRef } = await sandbox.startCheckout(mpesa);
    expect(await sandbox.submitCheckout(providerRef ?? '', { action: 'no_answer' })).toMatchObject({ kind: 'done', state: 'FAILED' });
    expect(await sandbox.getStatus({ providerRef })).toMatchObject({ state: 'FAILED', failureReason: SANDBOX_REASONS.mpesaTimedOut });
    expect(await sandbox.submitCheckout(providerRef ?? '', { action: 'approve', phone: '+254712345678' })).toMatchObject({ state: 'FAILED' });
  });

  it('M-Pesa: a prompt nobody answers times out after a minute, page opened or not', async () => {
    const { providerRef } = await sandbox.startCheckout(mpesa);
    const opened = await sandbox.startCheckout({ ...mpesa, apiRef: 'bkg_2' });
    now = new Date(NOW.getTime() + SANDBOX_MPESA_PROMPT_MS - 1);
    expect((await sandbox.getStatus({ providerRef })).state).toBe('PENDING');

    now = new Date(NOW.getTime() + SANDBOX_MPESA_PROMPT_MS);
    expect(await sandbox.getStatus({ providerRef })).toMatchObject({ state: 'FAILED', failureReason: SANDBOX_REASONS.mpesaTimedOut });
    expect(await sandbox.findByApiRef?.(mpesa.apiRef)).toMatchObject({ state: 'FAILED' });
    // A page left open past the minute cannot approve it any more.
    expect(await sandbox.submitCheckout(opened.providerRef ?? '', { action: 'approve', phone: '0712345678' })).toMatchObject({
      kind: 'done',
      state: 'FAILED',
    });
    expect(await sandbox.renderCheckout(opened.providerRef ?? '')).toContain(SANDBOX_REASONS.mpesaTimedOut);
  });

  it('card: no answer leaves the page open (pending) however long, and it can still be paid later', async () => {
    const { providerRef } = await sandbox.startCheckout(card);
    expect(await sandbox.submitCheckout(providerRef ?? '', { action: 'no_answer' })).toMatchObject({ kind: 'done', state: 'PENDING' });
    expect(await sandbox.submitCheckout(providerRef ?? '', { action: 'insufficient_funds' })).toMatchObject({ kind: 'invalid' });
    now = new Date(NOW.getTime() + 20 * 60_000);
    expect((await sandbox.getStatus({ providerRef })).state).toBe('PENDING');
    expect(await sandbox.submitCheckout(providerRef ?? '', { action: 'approve', ...goodCard })).toMatchObject({ state: 'COMPLETE' });
  });

  it('cards: 4242 approves, 4000…0002 declines with its reason, unknown cards and past expiry are refused', async () => {
    const ok = await sandbox.startCheckout(card);
    expect(await sandbox.submitCheckout(ok.providerRef ?? '', { action: 'approve', ...goodCard })).toMatchObject({ state: 'COMPLETE' });

    const declined = await sandbox.startCheckout({ ...card, apiRef: 'bkg_2' });
    await sandbox.submitCheckout(declined.providerRef ?? '', { action: 'approve', ...goodCard, card_number: '4000000000000002' });
    expect(await sandbox.getStatus({ providerRef: declined.providerRef })).toMatchObject({
      state: 'FAILED',
      failureReason: 'Card declined by the issuer (test card 4000 0000 0000 0002)',
    });

    const wrong = await sandbox.startCheckout({ ...card, apiRef: 'bkg_3' });
    const result = await sandbox.submitCheckout(wrong.providerRef ?? '', {
      action: 'approve',
      card_number: '4111 1111 1111 1111',
      card_expiry: '01/25',
      card_cvc: '12',
    });
    expect(result.kind).toBe('invalid');
    const html = result.kind === 'invalid' ? result.html : '';
    expect(html).toContain('Use one of the test cards listed below');
    expect(html).toContain('Enter a future expiry date as MM/YY');
    expect(html).toContain('value="4111 1111 1111 1111"');
    expect((await sandbox.getStatus({ providerRef: wrong.providerRef })).state).toBe('PENDING');
  });

  it('refuses bad input before creating anything', async () => {
    await expect(sandbox.startCheckout({ ...mpesa, phone: '0712345678' })).rejects.toMatchObject({ kind: 'rejected' });
    await expect(sandbox.startCheckout({ ...card, amountKes: 99.5 })).rejects.toMatchObject({ kind: 'rejected' });
    await expect(sandbox.getStatus({ providerRef: 'SBXNOPE' })).rejects.toMatchObject({ kind: 'rejected', status: 404 });
    expect(await sandbox.submitCheckout('SBXNOPE', { action: 'approve' })).toEqual({ kind: 'not_found' });
  });

  it('refunds up to the amount paid and reports them completed', async () => {
    const { providerRef } = await sandbox.startCheckout(card);
    await expect(sandbox.refund({ providerRef: providerRef ?? '', amountKes: 100, reason: 'x' })).rejects.toMatchObject({ kind: 'rejected' });
    await sandbox.submitCheckout(providerRef ?? '', { action: 'approve', ...goodCard });
    const refund = await sandbox.refund({ providerRef: providerRef ?? '', amountKes: 6840, reason: 'Booking cancelled' });
    expect(refund).toMatchObject({ refundRef: `${providerRef}-R1`, state: 'COMPLETED' });
    expect(await sandbox.getRefund(refund.refundRef)).toMatchObject({ state: 'COMPLETED' });
    await expect(sandbox.refund({ providerRef: providerRef ?? '', amountKes: 361, reason: 'again' })).rejects.toMatchObject({ kind: 'rejected' });
  });

  it('accepts no webhooks: its page posts to our own route instead', () => {
    expect(sandbox.verifyWebhook({ challenge: 'anything' }, {})).toBe(false);
    expect(sandbox.parseWebhook({ invoice_id: 'X', state: 'COMPLETE' })).toBeNull();
  });
});
