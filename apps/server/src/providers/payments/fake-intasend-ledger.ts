/**
 * Test support: what the fake IntaSend server remembers (checkouts, invoices, chargebacks) and how
 * each invoice is scripted to answer, rendered in IntaSend's JSON shapes.
 */
import { randomBytes, randomUUID } from 'node:crypto';

/** How an invoice answers status queries; the defaults walk PENDING → PROCESSING → COMPLETE. */
export interface InvoiceScript {
  /** States for successive status queries; the last one repeats. ['PENDING'] stays pending. */
  states?: string[];
  /** Makes the invoice fail (after PENDING unless `states` says otherwise). */
  failedReason?: string;
  failedCode?: string;
  /** Status queries are answered this late, to provoke the client's time-out. */
  delayMs?: number;
  /** Status queries get an HTML 502 page, as a proxy in front of IntaSend would send. */
  html502?: boolean;
  /** Report this value instead of the amount asked. */
  value?: string | number;
}

export interface FakeInvoice {
  invoiceId: string;
  apiRef: string;
  amount: number;
  provider: 'M-PESA' | 'CARD-PAYMENT';
  account: string;
  state: string;
  statusQueries: number;
  script: InvoiceScript;
  createdAt: string;
  updatedAt: string;
}

export interface FakeCheckout {
  id: string;
  signature: string;
  url: string;
  amount: number;
  currency: string;
  apiRef: string;
  email: string;
  invoiceId: string | null;
}

export interface FakeChargeback {
  id: string;
  invoiceId: string;
  amount: number;
  reason: string;
  reasonDetails: string;
  status: string;
}

export type AmountStyle = 'string' | 'number';

export class FakeIntaSendLedger {
  readonly invoices = new Map<string, FakeInvoice>();
  readonly checkouts = new Map<string, FakeCheckout>();
  readonly chargebacks = new Map<string, FakeChargeback>();
  private nextScripts: InvoiceScript[] = [];

  constructor(private readonly amountStyle: AmountStyle) {}

  /** The script for the next invoice created (its id is not known before the STK push answers). */
  scriptNextInvoice(script: InvoiceScript): void {
    this.nextScripts.push(script);
  }

  createInvoice(fields: Pick<FakeInvoice, 'apiRef' | 'amount' | 'provider' | 'account'>): FakeInvoice {
    // IntaSend's invoice ids are short upper-case codes such as NR5XKGY.
    const invoiceId = randomBytes(5).toString('hex').toUpperCase().slice(0, 7);
    const now = new Date().toISOString();
    const invoice: FakeInvoice = {
      ...fields,
      invoiceId,
      state: 'PENDING',
      statusQueries: 0,
      script: this.nextScripts.shift() ?? {},
      createdAt: now,
      updatedAt: now,
    };
    this.invoices.set(invoiceId, invoice);
    return invoice;
  }

  createCheckout(baseUrl: string, fields: Pick<FakeCheckout, 'amount' | 'currency' | 'apiRef' | 'email'>): FakeCheckout {
    const id = randomUUID();
    const claims = Buffer.from(JSON.stringify({ checkout_id: id, exp: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url');
    const signature = `eyJhbGciOiJIUzI1NiJ9.${claims}.${randomBytes(16).toString('base64url')}`;
    const checkout: FakeCheckout = { ...fields, id, signature, url: `${baseUrl}/checkout/${id}/express/`, invoiceId: null };
    this.checkouts.set(id, checkout);
    return checkout;
  }

  /** The customer pays on the hosted page: an invoice appears, as it does at IntaSend. */
  payCheckout(checkoutId: string, script: InvoiceScript = {}): string {
    const checkout = this.checkouts.get(checkoutId);
    if (!checkout) throw new Error(`no checkout ${checkoutId}`);
    this.nextScripts.unshift(script);
    const invoice = this.createInvoice({ apiRef: checkout.apiRef, amount: checkout.amount, provider: 'CARD-PAYMENT', account: checkout.email });
    checkout.invoiceId = invoice.invoiceId;
    return invoice.invoiceId;
  }

  /** One status query moves the invoice one step along its script. */
  advance(invoice: FakeInvoice): void {
    const { script } = invoice;
    const states = script.states ?? (script.failedReason ? ['PENDING', 'FAILED'] : ['PENDING', 'PROCESSING', 'COMPLETE']);
    const next = states[Math.min(invoice.statusQueries, states.length - 1)] ?? 'PENDING';
    invoice.statusQueries += 1;
    if (next !== invoice.state) {
      invoice.state = next;
      invoice.updatedAt = new Date().toISOString();
    }
  }

  money(amount: number | string): string | number {
    if (typeof amount === 'string') return amount;
    return this.amountStyle === 'string' ? amount.toFixed(2) : amount;
  }

  invoiceJson(invoice: FakeInvoice): Record<string, unknown> {
    const failed = invoice.state === 'FAILED';
    return {
      invoice_id: invoice.invoiceId,
      state: invoice.state,
      provider: invoice.provider,
      charges: this.money(0),
      net_amount: this.money(invoice.amount),
      currency: 'KES',
      value: this.money(invoice.script.value ?? invoice.amount),
      account: invoice.account,
      api_ref: invoice.apiRef,
      mpesa_reference: invoice.state === 'COMPLETE' && invoice.provider === 'M-PESA' ? 'QKL1ABC2DE' : null,
      host: null,
      failed_reason: failed ? (invoice.script.failedReason ?? 'Request cancelled by user') : null,
      failed_code: failed ? (invoice.script.failedCode ?? '1032') : null,
      failed_code_link: null,
      created_at: invoice.createdAt,
      updated_at: invoice.updatedAt,
    };
  }

  checkoutJson(checkout: FakeCheckout): Record<string, unknown> {
    const paid = checkout.invoiceId !== null && this.invoices.get(checkout.invoiceId)?.state === 'COMPLETE';
    return {
      id: checkout.id,
      url: checkout.url,
      signature: checkout.signature,
      amount: this.money(checkout.amount),
      currency: checkout.currency,
      api_ref: checkout.apiRef,
      email: checkout.email,
      paid,
      // Once the customer has paid on the page, the checkout names the invoice it made.
      ...(checkout.invoiceId ? { invoice: checkout.invoiceId } : {}),
    };
  }

  chargebackJson(chargeback: FakeChargeback, idField: 'id' | 'chargeback_id'): Record<string, unknown> {
    return {
      [idField]: chargeback.id,
      invoice: chargeback.invoiceId,
      amount: this.money(chargeback.amount),
      reason: chargeback.reason,
      reason_details: chargeback.reasonDetails,
      status: chargeback.status,
      resolution: null,
    };
  }
}
