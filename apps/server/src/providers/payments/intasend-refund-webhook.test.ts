import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeIntaSend, type FakeIntaSend } from './fake-intasend-server.ts';
import { createIntaSendProvider } from './intasend.ts';
import { PaymentProviderError, type PaymentProvider, type StartCheckoutInput } from './payment-provider.ts';

const CHALLENGE = 'a-long-webhook-challenge-of-ours';
const card: StartCheckoutInput = {
  apiRef: 'bkg_33333333-3333-4333-8333-333333333333',
  amountKes: 2400,
  method: 'card',
  email: 'otieno@example.co.ke',
  narrative: 'Guard booking, 2 guards × 1 day',
  redirectUrl: 'https://ops.example.co.ke/bookings/3',
};
const mpesa: StartCheckoutInput = { ...card, method: 'mpesa', phone: '254112345678', apiRef: 'bkg_44444444-4444-4444-8444-444444444444' };

let fake: FakeIntaSend;
let provider: PaymentProvider;

beforeEach(async () => {
  fake = await startFakeIntaSend({ chargebackIdField: 'chargeback_id' });
  provider = createIntaSendProvider({
    baseUrl: fake.baseUrl,
    publishableKey: fake.publishableKey,
    secretKey: fake.secretKey,
    webhookChallenge: CHALLENGE,
  });
});
afterEach(() => fake.close());

describe('IntaSend hosted checkout', () => {
  it('asks the checkout details until the invoice exists, then the invoice itself', async () => {
    const { checkout } = await provider.startCheckout(card);
    expect(await provider.getStatus({ checkout })).toMatchObject({ state: 'PENDING', providerRef: null, amountKes: 2400, apiRef: card.apiRef });
    expect(fake.requests.at(-1)).toMatchObject({ path: '/api/v1/checkout/details/', body: { checkout_id: checkout?.id, signature: checkout?.signature } });

    const invoiceId = fake.payCheckout(checkout?.id ?? '', { states: ['COMPLETE'] });
    expect(await provider.getStatus({ providerRef: invoiceId, checkout })).toMatchObject({ state: 'COMPLETE', providerRef: invoiceId, amountKes: 2400 });
    expect(await provider.getStatus({ checkout })).toMatchObject({ state: 'COMPLETE', amountKes: 2400 });
  });

  it('refuses a checkout link made out for another amount', async () => {
    fake.respondNext({
      status: 201,
      body: { id: 'c1', url: 'https://sandbox.intasend.com/checkout/c1/express/', signature: 's', amount: '24.00', currency: 'KES', api_ref: card.apiRef },
    });
    await expect(provider.startCheckout(card)).rejects.toMatchObject({ kind: 'bad_response' });
  });
});

describe('IntaSend refunds', () => {
  it('requests a chargeback with the secret key and follows it, reading chargeback_id', async () => {
    fake.scriptNextInvoice({ states: ['COMPLETE'] });
    const { providerRef } = await provider.startCheckout(mpesa);
    await provider.getStatus({ providerRef });

    const refund = await provider.refund({ providerRef: providerRef ?? '', amountKes: 2280, reason: 'Booking cancelled by the client' });
    expect(refund).toMatchObject({ refundRef: 'CB1', state: 'PENDING', providerState: 'PENDING' });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/v1/chargebacks/',
      body: { invoice: providerRef, amount: 2280, reason: 'OTHER', reason_details: 'Booking cancelled by the client' },
    });
    expect(fake.requests.at(-1)?.headers.authorization).toBe(`Bearer ${fake.secretKey}`);

    fake.ledger.chargebacks.get('CB1')!.status = 'COMPLETED';
    expect(await provider.getRefund('CB1')).toMatchObject({ refundRef: 'CB1', state: 'COMPLETED' });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: '/api/v1/chargebacks/CB1/' });
  });

  it('passes on IntaSend’s refusal of a refund larger than the payment', async () => {
    fake.scriptNextInvoice({ states: ['COMPLETE'] });
    const { providerRef } = await provider.startCheckout(mpesa);
    await provider.getStatus({ providerRef });
    const err = await provider.refund({ providerRef: providerRef ?? '', amountKes: 2401, reason: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect(err).toMatchObject({ kind: 'rejected', status: 400 });
  });
});

describe('IntaSend webhooks', () => {
  it('accepts only the right challenge, in constant time whatever its length', async () => {
    fake.scriptNextInvoice({ states: ['COMPLETE'] });
    const { providerRef } = await provider.startCheckout(mpesa);
    const invoiceJson = { ...fake.ledger.invoiceJson(fake.ledger.invoices.get(providerRef ?? '')!) };

    expect(provider.verifyWebhook({ ...invoiceJson, challenge: CHALLENGE }, {})).toBe(true);
    expect(provider.verifyWebhook(JSON.stringify({ ...invoiceJson, challenge: CHALLENGE }), {})).toBe(true);
    expect(provider.verifyWebhook({ ...invoiceJson, challenge: CHALLENGE.replace('a', 'b') }, {})).toBe(false);
    expect(provider.verifyWebhook({ ...invoiceJson, challenge: 'short' }, {})).toBe(false);
    expect(provider.verifyWebhook({ ...invoiceJson, challenge: `${CHALLENGE}-and-more` }, {})).toBe(false);
    expect(provider.verifyWebhook(invoiceJson, {})).toBe(false);
    expect(provider.verifyWebhook('<html>', {})).toBe(false);
  });

  it('delivers duplicates with one event key, read from what the fake posts', async () => {
    const received: unknown[] = [];
    const { createServer } = await import('node:http');
    const sink = createServer((req, res) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString()));
      req.on('end', () => {
        received.push(JSON.parse(text));
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    try {
      const { providerRef } = await provider.startCheckout(mpesa);
      const address = sink.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      expect(await fake.sendWebhook(`http://127.0.0.1:${port}/webhooks/intasend`, providerRef ?? '', { challenge: CHALLENGE, times: 2 })).toEqual([
        200, 200,
      ]);
      expect(received).toHaveLength(2);
      expect(received.every((body) => provider.verifyWebhook(body, {}))).toBe(true);
      const events = received.map((body) => provider.parseWebhook(body));
      expect(events[0]).toEqual({ providerRef, apiRef: mpesa.apiRef, providerState: 'PENDING', eventKey: `${providerRef}:PENDING` });
      expect(events[1]?.eventKey).toBe(events[0]?.eventKey);
    } finally {
      await new Promise((resolve) => sink.close(resolve));
    }
  });
});

describe('the fake IntaSend server', () => {
  it('refuses a path without its trailing slash, as IntaSend redirects it', async () => {
    const response = await fetch(`${fake.baseUrl}/api/v1/payment/status`, { method: 'POST', redirect: 'manual', body: '{}' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/api/v1/payment/status/');
    await response.arrayBuffer();
  });
});

describe('IntaSend configuration', () => {
  const keys = { publishableKey: 'ISPubKey_test_x', secretKey: 'ISSecretKey_test_x', webhookChallenge: CHALLENGE };
  it('refuses test keys on the live host, live keys on the sandbox, and mixed keys', () => {
    expect(() => createIntaSendProvider({ ...keys, baseUrl: 'https://payment.intasend.com' })).toThrow(/test IntaSend keys/);
    expect(() =>
      createIntaSendProvider({ ...keys, baseUrl: 'https://sandbox.intasend.com', publishableKey: 'ISPubKey_live_x', secretKey: 'ISSecretKey_live_x' }),
    ).toThrow(/live IntaSend keys/);
    expect(() => createIntaSendProvider({ ...keys, baseUrl: 'https://sandbox.intasend.com', secretKey: 'ISSecretKey_live_x' })).toThrow(/disagree/);
    expect(() => createIntaSendProvider({ ...keys, baseUrl: 'https://sandbox.intasend.com', webhookChallenge: 'short' })).toThrow(/challenge/);
    expect(createIntaSendProvider({ ...keys, baseUrl: 'https://sandbox.intasend.com' }).kind).toBe('intasend');
  });
});
