/**
 * What the sandbox keeps about each payment, and the store that keeps it (sandbox-db-store.ts):
 * apart from the provider so the checkout page and the store can name a payment without importing
 * the provider that renders the one and reads the other.
 */
import type { PaymentMethod } from './payment-provider.ts';

export type SandboxOutcome = 'pending' | 'approved' | 'declined';

export interface SandboxRefund {
  refundRef: string;
  amountKes: number;
  reason: string;
  createdAt: Date;
}

export interface SandboxPayment {
  providerRef: string;
  apiRef: string;
  amountKes: number;
  method: PaymentMethod;
  phone: string | null;
  email: string;
  narrative: string;
  redirectUrl: string;
  outcome: SandboxOutcome;
  failureReason: string | null;
  /** What the tester paid with (masked card or phone), for the record. */
  payerDetail: string | null;
  createdAt: Date;
  decidedAt: Date | null;
  refunds: SandboxRefund[];
}

export interface SandboxDecision {
  outcome: 'approved' | 'declined';
  failureReason: string | null;
  payerDetail: string | null;
  decidedAt: Date;
}

export interface SandboxStore {
  create(payment: SandboxPayment): Promise<void>;
  get(providerRef: string): Promise<SandboxPayment | null>;
  getByApiRef(apiRef: string): Promise<SandboxPayment | null>;
  /** Decides a payment still pending and returns true; false (and no change) when already decided. */
  setOutcome(providerRef: string, decision: SandboxDecision): Promise<boolean>;
  addRefund(providerRef: string, refund: SandboxRefund): Promise<void>;
}
