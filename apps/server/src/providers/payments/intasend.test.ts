import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeIntaSend, type FakeIntaSend } from './fake-intasend-server.ts';
import { createIntaSendProvider, type IntaSendConfig } from './intasend.ts';
import { PaymentProviderError, type PaymentProvider, type StartCheckoutInput } from './payment-provider.ts';

const CHALLENGE = 'a-long-webhook-challenge-of-ours';
const mpesa: StartCheckoutInput = {
  apiRef: 'bkg_11111111-1111-4111-8111-111111111111',
  amountKes: 1500,
  method: 'mpesa',
  phone: '254712345678',
  email: 'wanjiku@example.co.ke',
  firstName: 'Wanjiku',
  lastName: 'Kamau',
  narrative: 'Guard booking, 6 hours',
  redirectUrl: 'https://ops.example.co.ke/bookings/1',
};
const card: StartCheckoutInput = { ...mpesa, method: 'card', phone: undefined, apiRef: 'bkg_22222222-2222-4222-8222-222222222222' };

let fake: FakeIntaSend;
let provider: PaymentProvider;

function build(fakeServer: FakeIntaSend, overrides: Partial<IntaSendConfig> = {}): PaymentProvider {
  return createIntaSendProvider({
    baseUrl: fakeServer.baseUrl,
    publishableKey: fakeServer.publishableKey,
    secretKey: fakeServer.secretKey,
    webhookChallenge: CHALLENGE,
    timeoutMs: 2_000,
    ...overrides,
  });
}

async function providerError(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PaymentProviderError);
  return err as PaymentProviderError;
}

beforeEach(async () => {
  fake = await startFakeIntaSend();
  provider = build(fake);
});
afterEach(() => fake.close());

describe('IntaSend adapter against the fake IntaSend server', () => {
  it('sends an STK push with the secret key and whole shillings, and returns the invoice id', async () => {
    const started = await provider.startCheckout(mpesa);
    expect(started.state).toBe('PENDING');
    expect(started.checkoutUrl).toBeUndefined();
    expect(started.providerRef).toMatch(/^[0-9A-F]{7}$/);
    const [req] = fake.requests;
    expect(req).toMatchObject({ method: 'POST', path: '/api/v1/payment/mpesa-stk-push/' });
    expect(req?.headers.authorization).toBe(`Bearer ${fake.secretKey}`);
    expect(req?.body).toMatchObject({ amount: 1500, phone_number: '254712345678', api_ref: mpesa.apiRef, currency: 'KES', method: 'M-PESA' });
  });

  it('creates a hosted card checkout with the public key and returns its link and signature', async () => {
    const started = await provider.startCheckout(card);
    expect(started.providerRef).toBeNull();
    expect(started.checkoutUrl).toMatch(/\/checkout\/[0-9a-f-]+\/express\/$/);
    expect(started.checkout?.signature).toBeTruthy();
    expect(fake.requests[0]?.body).toMatchObject({
      public_key: fake.publishableKey,
      amount: 1500,
      currency: 'KES',
      method: 'CARD-PAYMENT',
      api_ref: card.apiRef,
      redirect_url: card.redirectUrl,
      card_tarrif: 'BUSINESS-PAYS',
      email: card.email,
      host: 'https://ops.example.co.ke',
    });
    expect(fake.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('follows the invoice PENDING → PROCESSING → COMPLETE with the amount parsed to whole KES', async () => {
    const { providerRef } = await provider.startCheckout(mpesa);
    const states = [];
    for (let i = 0; i < 4; i += 1) states.push(await provider.getStatus({ providerRef }));
    expect(states.map((s) => s.state)).toEqual(['PENDING', 'PROCESSING', 'COMPLETE', 'COMPLETE']);
    expect(states[2]).toMatchObject({ amountKes: 1500, currency: 'KES', apiRef: mpesa.apiRef, providerRef });
    expect(fake.requests.at(-1)?.body).toEqual({ invoice_id: providerRef, public_key: fake.publishableKey });
  });

  it('reads amounts sent as numbers and the docs-only STK shape just the same', async () => {
    const other = await startFakeIntaSend({ amounts: 'number', stkShape: 'invoice-only' });
    try {
      const client = build(other);
      other.scriptNextInvoice({ states: ['COMPLETE'] });
      const { providerRef } = await client.startCheckout(mpesa);
      expect(await client.getStatus({ providerRef })).toMatchObject({ state: 'COMPLETE', amountKes: 1500 });
    } finally {
      await other.close();
    }
  });

  it('reports FAILED with IntaSend’s reason and code', async () => {
    fake.scriptNextInvoice({ failedReason: 'Request cancelled by user', failedCode: '1032' });
    const { providerRef } = await provider.startCheckout(mpesa);
    await provider.getStatus({ providerRef });
    expect(await provider.getStatus({ providerRef })).toMatchObject({ state: 'FAILED', failureReason: 'Request cancelled by user', failureCode: '1032' });
  });

  it('keeps RETRY, COMPLETED and other unknown states pending (only COMPLETE is paid)', async () => {
    fake.scriptNextInvoice({ states: ['RETRY', 'COMPLETED'] });
    const { providerRef } = await provider.startCheckout(mpesa);
    expect(await provider.getStatus({ providerRef })).toMatchObject({ state: 'PENDING', providerState: 'RETRY' });
    expect(await provider.getStatus({ providerRef })).toMatchObject({ state: 'PENDING', providerState: 'COMPLETED' });
  });

  it('stays pending while the customer leaves the prompt unanswered', async () => {
    fake.scriptNextInvoice({ states: ['PENDING'] });
    const { providerRef } = await provider.startCheckout(mpesa);
    for (let i = 0; i < 3; i += 1) expect((await provider.getStatus({ providerRef })).state).toBe('PENDING');
  });

  it('reports a wrong amount faithfully, for the service to compare', async () => {
    fake.scriptNextInvoice({ states: ['COMPLETE'], value: '1000.00' });
    const { providerRef } = await provider.startCheckout(mpesa);
    expect(await provider.getStatus({ providerRef })).toMatchObject({ state: 'COMPLETE', amountKes: 1000 });
  });

  it('drops fractions instead of rounding a short payment up', async () => {
    fake.scriptNextInvoice({ states: ['COMPLETE'], value: '1499.99' });
    const { providerRef } = await provider.startCheckout(mpesa);
    expect((await provider.getStatus({ providerRef })).amountKes).toBe(1499);
  });

  it('turns a slow answer into a timeout error', async () => {
    const quick = build(fake, { timeoutMs: 150 });
    fake.scriptNextInvoice({ delayMs: 1_000 });
    const { providerRef } = await quick.startCheckout(mpesa);
    const err = await providerError(quick.getStatus({ providerRef }));
    expect(err.kind).toBe('timeout');
    expect(err.message).not.toMatch(/invoice|150/);
  });

  it('turns an HTML 502 page into bad_response with the status', async () => {
    fake.scriptNextInvoice({ html502: true });
    const { providerRef } = await provider.startCheckout(mpesa);
    const err = await providerError(provider.getStatus({ providerRef }));
    expect(err).toMatchObject({ kind: 'bad_response', status: 502 });
  });

  it('turns malformed JSON on a 200 and a wrong shape into bad_response', async () => {
    fake.respondNext({ status: 200, body: '{"invoice": {"invoice_id": ' });
    expect(await providerError(provider.getStatus({ providerRef: 'ABC1234' }))).toMatchObject({ kind: 'bad_response', status: 200 });
    fake.respondNext({ status: 200, body: { invoice: { invoice_id: 'ABC1234', state: 'COMPLETE', value: 'lots', currency: 'KES' } } });
    expect(await providerError(provider.getStatus({ providerRef: 'ABC1234' }))).toMatchObject({ kind: 'bad_response' });
  });

  it('reads both error shapes as rejected, and a 503 as an http error', async () => {
    const err = await providerError(provider.startCheckout({ ...mpesa, phone: '254700000000', amountKes: 0 }));
    expect(err.kind).toBe('rejected');
    expect(fake.requests).toHaveLength(0);
    fake.respondNext({
      status: 400,
      body: { type: 'validation_error', errors: [{ code: 'invalid', detail: 'Invalid phone number', attr: 'phone_number' }] },
    });
    expect((await providerError(provider.startCheckout(mpesa))).detail).toMatch(/phone_number: Invalid phone number/);
    fake.respondNext({ status: 503, body: { detail: 'Service unavailable' } });
    expect(await providerError(provider.getStatus({ providerRef: 'ABC1234' }))).toMatchObject({ kind: 'http', status: 503 });
  });

  it('refuses the wrong key and never follows a redirect', async () => {
    const wrongKey = build(fake, { secretKey: 'ISSecretKey_test_not-the-right-one' });
    expect(await providerError(wrongKey.startCheckout(mpesa))).toMatchObject({ kind: 'rejected', status: 401 });
    fake.respondNext({ status: 301, body: '<html>Moved</html>' });
    expect(await providerError(provider.getStatus({ providerRef: 'ABC1234' }))).toMatchObject({ kind: 'bad_response', status: 301 });
  });
});
