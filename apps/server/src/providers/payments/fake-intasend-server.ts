/**
 * Test support only: a real HTTP server on 127.0.0.1 that answers like IntaSend's API (paths,
 * auth, shapes, states), so the adapter is tested over the wire rather than against mocks of fetch.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { isRecord, parseJson, startLocalServer } from './fake-http.ts';
import { FakeIntaSendLedger, type AmountStyle, type InvoiceScript } from './fake-intasend-ledger.ts';

export type { InvoiceScript } from './fake-intasend-ledger.ts';

export interface FakeIntaSendOptions {
  publishableKey?: string;
  secretKey?: string;
  /** IntaSend sends amounts as "1500.00" or 1500; the adapter must read both. */
  amounts?: AmountStyle;
  /** The live STK answer has id, invoice, customer; the docs' sample only invoice. */
  stkShape?: 'full' | 'invoice-only';
  /** `{detail}` or the newer `{type, errors: [...]}`. */
  errorShape?: 'detail' | 'errors';
  chargebackIdField?: 'id' | 'chargeback_id';
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** The path with its query string. */
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** Answer the next request (any path) this way instead, e.g. an HTML 502 or a slow answer. */
export interface CannedResponse {
  status: number;
  body: string | Record<string, unknown>;
  delayMs?: number;
}

/** How the next chargeback request is answered: refused with IntaSend's words, or only after a delay. */
export interface ChargebackScript {
  refuse?: string;
  /** The chargeback is made, but the answer comes this late (a client that gave up never hears of it). */
  delayMs?: number;
}

export interface FakeIntaSend {
  baseUrl: string;
  publishableKey: string;
  secretKey: string;
  ledger: FakeIntaSendLedger;
  requests: RecordedRequest[];
  scriptNextInvoice(script: InvoiceScript): void;
  payCheckout(checkoutId: string, script?: InvoiceScript): string;
  respondNext(response: CannedResponse): void;
  scriptNextChargeback(script: ChargebackScript): void;
  /** The POSTs that asked for a refund. */
  chargebackRequests(): RecordedRequest[];
  /** POSTs the invoice's current state with the challenge, `times` times (duplicates happen). */
  sendWebhook(url: string, invoiceId: string, options: { challenge: string; times?: number }): Promise<number[]>;
  close(): Promise<void>;
}

type Reply = CannedResponse;
type Handler = (req: RecordedRequest) => Reply | Promise<Reply>;

export const HTML_502 = '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>';

export async function startFakeIntaSend(options: FakeIntaSendOptions = {}): Promise<FakeIntaSend> {
  const publishableKey = options.publishableKey ?? 'ISPubKey_test_fake0000000000000000';
  const secretKey = options.secretKey ?? 'ISSecretKey_test_fake0000000000000000';
  const ledger = new FakeIntaSendLedger(options.amounts ?? 'string');
  const requests: RecordedRequest[] = [];
  const canned: CannedResponse[] = [];
  const chargebackScripts: ChargebackScript[] = [];

  const fail = (status: number, detail: string, attr?: string): Reply =>
    options.errorShape === 'errors'
      ? { status, body: { type: 'validation_error', errors: [{ code: 'invalid', detail, attr: attr ?? null }] } }
      : { status, body: { detail } };
  const field = (req: RecordedRequest, name: string): unknown => (isRecord(req.body) ? req.body[name] : undefined);
  const text = (req: RecordedRequest, name: string, fallback = ''): string => {
    const value = field(req, name);
    return typeof value === 'string' ? value : fallback;
  };
  const hasSecret = (req: RecordedRequest) => req.headers.authorization === `Bearer ${secretKey}`;
  const hasPublic = (req: RecordedRequest) => field(req, 'public_key') === publishableKey || req.headers['x-intasend-public-api-key'] === publishableKey;

  const routes: Record<string, Handler> = {
    'POST /api/v1/checkout/': (req) => {
      if (!hasPublic(req)) return fail(401, 'Invalid public key');
      const amount = Number(field(req, 'amount'));
      const method = field(req, 'method');
      if (!(amount > 0)) return fail(400, 'A valid amount is required', 'amount');
      if (method !== undefined && method !== 'M-PESA' && method !== 'CARD-PAYMENT') return fail(400, 'Unknown method', 'method');
      const fields = { amount, currency: text(req, 'currency', 'KES'), apiRef: text(req, 'api_ref'), email: text(req, 'email') };
      const checkout = ledger.createCheckout(local.baseUrl, fields);
      return { status: 201, body: ledger.checkoutJson(checkout) };
    },
    'POST /api/v1/checkout/details/': (req) => {
      if (!hasPublic(req)) return fail(401, 'Invalid public key');
      const checkout = ledger.checkouts.get(text(req, 'checkout_id'));
      if (!checkout || checkout.signature !== field(req, 'signature')) return fail(400, 'Invalid checkout signature');
      return { status: 200, body: ledger.checkoutJson(checkout) };
    },
    'POST /api/v1/payment/mpesa-stk-push/': (req) => {
      if (!hasSecret(req)) return fail(401, 'Authentication credentials were not provided.');
      const amount = field(req, 'amount');
      const phone = field(req, 'phone_number');
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) return fail(400, 'Amount must be whole shillings', 'amount');
      if (typeof phone !== 'string' || !/^254[17]\d{8}$/.test(phone)) return fail(400, 'Invalid phone number', 'phone_number');
      if (field(req, 'currency') !== 'KES' || field(req, 'method') !== 'M-PESA') return fail(400, 'M-Pesa takes KES only');
      const invoice = ledger.createInvoice({ apiRef: text(req, 'api_ref'), amount, provider: 'M-PESA', account: phone });
      const json = { invoice: ledger.invoiceJson(invoice) };
      const body =
        options.stkShape === 'invoice-only'
          ? json
          : { id: `txn_${invoice.invoiceId}`, ...json, customer: { phone_number: phone, email: field(req, 'email') ?? null }, refundable: false };
      return { status: 200, body };
    },
    'POST /api/v1/payment/status/': async (req) => {
      if (!hasPublic(req) && !hasSecret(req)) return fail(401, 'Invalid public key');
      const invoice = ledger.invoices.get(text(req, 'invoice_id'));
      if (!invoice) return fail(404, 'Invoice not found');
      if (invoice.script.delayMs) await local.sleep(invoice.script.delayMs);
      if (invoice.script.html502) return { status: 502, body: HTML_502 };
      ledger.advance(invoice);
      return { status: 200, body: { invoice: ledger.invoiceJson(invoice), meta: { customer: { phone_number: invoice.account } } } };
    },
    'GET /api/v1/chargebacks/': (req) => {
      if (!hasSecret(req)) return fail(401, 'Authentication credentials were not provided.');
      const invoice = new URL(req.url, 'http://fake').searchParams.get('invoice');
      const results = [...ledger.chargebacks.values()]
        .filter((c) => !invoice || c.invoiceId === invoice)
        .map((c) => ledger.chargebackJson(c, options.chargebackIdField ?? 'id'));
      return { status: 200, body: { count: results.length, next: null, previous: null, results } };
    },
    'POST /api/v1/chargebacks/': async (req) => {
      if (!hasSecret(req)) return fail(401, 'Authentication credentials were not provided.');
      const script = chargebackScripts.shift();
      if (script?.delayMs) await local.sleep(script.delayMs);
      if (script?.refuse) return fail(400, script.refuse);
      const invoice = ledger.invoices.get(text(req, 'invoice'));
      const amount = Number(field(req, 'amount'));
      if (!invoice || invoice.state !== 'COMPLETE') return fail(400, 'Only completed invoices can be refunded', 'invoice');
      const refunded = [...ledger.chargebacks.values()].filter((c) => c.invoiceId === invoice.invoiceId).reduce((sum, c) => sum + c.amount, 0);
      if (!(amount > 0) || amount + refunded > invoice.amount) return fail(400, 'Amount exceeds the amount billed', 'amount');
      const chargeback = {
        id: `CB${ledger.chargebacks.size + 1}`,
        invoiceId: invoice.invoiceId,
        amount,
        reason: text(req, 'reason'),
        reasonDetails: text(req, 'reason_details'),
        status: 'PENDING',
      };
      ledger.chargebacks.set(chargeback.id, chargeback);
      return { status: 201, body: ledger.chargebackJson(chargeback, options.chargebackIdField ?? 'id') };
    },
  };

  function route(req: RecordedRequest): Reply | Promise<Reply> {
    const exact = routes[`${req.method} ${req.path}`];
    if (exact) return exact(req);
    const one = /^\/api\/v1\/chargebacks\/([^/]+)\/$/.exec(req.path);
    if (req.method === 'GET' && one?.[1]) {
      if (!hasSecret(req)) return fail(401, 'Authentication credentials were not provided.');
      const chargeback = ledger.chargebacks.get(decodeURIComponent(one[1]));
      return chargeback ? { status: 200, body: ledger.chargebackJson(chargeback, options.chargebackIdField ?? 'id') } : fail(404, 'Not found.');
    }
    return fail(404, 'Not found.');
  }

  const local = await startLocalServer(async (incoming, text, res) => {
    const path = new URL(incoming.url ?? '/', 'http://fake').pathname;
    const req: RecordedRequest = { method: incoming.method ?? 'GET', path, url: incoming.url ?? path, headers: incoming.headers, body: parseJson(text) };
    requests.push(req);
    const next = canned.shift();
    if (next?.delayMs) await local.sleep(next.delayMs);
    // IntaSend (Django) redirects a path without its trailing slash; a client must never rely on it.
    const reply = next ?? (path.endsWith('/') ? await route(req) : { status: 301, body: `<html><body>Moved to ${path}/</body></html>` });
    if (res.destroyed) return;
    const isText = typeof reply.body === 'string';
    res.writeHead(reply.status, {
      'Content-Type': isText ? 'text/html; charset=utf-8' : 'application/json',
      ...(reply.status === 301 ? { Location: `${path}/` } : {}),
    });
    res.end(isText ? reply.body : JSON.stringify(reply.body));
  });

  return {
    baseUrl: local.baseUrl,
    publishableKey,
    secretKey,
    ledger,
    requests,
    scriptNextInvoice: (script) => ledger.scriptNextInvoice(script),
    payCheckout: (checkoutId, script) => ledger.payCheckout(checkoutId, script),
    respondNext: (response) => void canned.push(response),
    scriptNextChargeback: (script) => void chargebackScripts.push(script),
    chargebackRequests: () => requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/chargebacks/'),
    async sendWebhook(url, invoiceId, { challenge, times = 1 }) {
      const invoice = ledger.invoices.get(invoiceId);
      if (!invoice) throw new Error(`no invoice ${invoiceId}`);
      const body = JSON.stringify({ ...ledger.invoiceJson(invoice), challenge });
      const statuses: number[] = [];
      for (let i = 0; i < times; i += 1) {
        const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
        await response.arrayBuffer();
        statuses.push(response.status);
      }
      return statuses;
    },
    close: () => local.close(),
  };
}
