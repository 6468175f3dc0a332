/**
 * A payment record's status machine (`payments.status`): every move the server may make, for money
 * taken through a provider (M-Pesa, card) and for cash the academy's office took. The payments'
 * lifecycle service applies it and refuses (409) any move not listed; staying in the same status is
 * not a move (the provider's facts, a refund's reference, are recorded without one).
 *
 * An admin's refund request is not a status: the payment stays paid, claimed (refund_requested_at),
 * until the provider takes the refund (refund_pending, or refunded when it completes at once) or
 * refuses it (the claim is released and the payment is plainly paid again).
 */
import type { PAYMENT_STATUSES } from '../constants.ts';

export type PaymentRecordStatus = (typeof PAYMENT_STATUSES)[number];

/** How the money is taken: through a provider, or in cash at the academy's office (a course fee). */
export type PaymentChannel = 'online' | 'office';

/**
 * How a payment record starts: an online attempt is stored pending before the provider is asked (so
 * its outcome is never lost); cash is recorded by the office once it has it, paid.
 */
export const NEW_PAYMENT_STATUS: Readonly<Record<PaymentChannel, PaymentRecordStatus>> = { online: 'pending', office: 'paid' };

/** Attempts that may still turn into money: the provider has not given a final answer. */
export const IN_FLIGHT_PAYMENT_STATUSES = ['pending', 'processing'] as const satisfies readonly PaymentRecordStatus[];

interface PaymentMove {
  from: PaymentRecordStatus;
  to: PaymentRecordStatus;
  /** Allowed for cash at the office too; every other move is the provider's. */
  office?: true;
  why: string;
}

const ARRIVED = 'the full amount owed arrived and pays for its booking or enrolment';
const CLOSED = 'the provider refused or failed it, or said nothing for two days';
const OWED_BACK =
  'money arrived that pays for nothing (a wrong amount; a booking cancelled, taken or already paid; an enrolment whose cohort filled): all of it goes back';

export const PAYMENT_MOVES: readonly PaymentMove[] = [
  { from: 'pending', to: 'processing', why: 'the provider is working on it: the prompt reached the phone, the card is being charged' },
  { from: 'pending', to: 'paid', why: ARRIVED },
  { from: 'processing', to: 'paid', why: ARRIVED },
  { from: 'pending', to: 'failed', why: CLOSED },
  { from: 'processing', to: 'failed', why: CLOSED },
  { from: 'pending', to: 'refund_pending', why: OWED_BACK },
  { from: 'processing', to: 'refund_pending', why: OWED_BACK },
  // Money is never lost: an attempt closed as failed that the provider then reports paid is settled.
  { from: 'failed', to: 'paid', why: 'money arrived after all for an attempt closed as failed' },
  { from: 'failed', to: 'refund_pending', why: `money arrived after all for an attempt closed as failed, and ${OWED_BACK}` },
  {
    from: 'paid',
    to: 'refund_pending',
    why: "the provider took an admin's refund (95%) and has not completed it yet; or a client cancelled the booking and the notice policy gives a share back",
  },
  {
    from: 'paid',
    to: 'refunded',
    office: true,
    why: "the provider took an admin's refund and completed it at once; or the office gave cash back at the desk",
  },
  { from: 'refund_pending', to: 'refunded', why: 'the provider completed the refund' },
];

export function canMovePaymentStatus(from: PaymentRecordStatus, to: PaymentRecordStatus, channel: PaymentChannel = 'online'): boolean {
  return PAYMENT_MOVES.some((m) => m.from === from && m.to === to && (channel === 'online' || m.office === true));
}

const label = (s: string) => s.replace(/_/g, ' ');

/** A refused move; the server answers it with 409 and the message. */
export class PaymentMoveError extends Error {
  override readonly name = 'PaymentMoveError';
  constructor(
    readonly from: PaymentRecordStatus,
    readonly to: PaymentRecordStatus,
    readonly channel: PaymentChannel,
  ) {
    super(`${channel === 'office' ? 'A cash payment recorded at the office' : 'A payment'} that is ${label(from)} cannot become ${label(to)}.`);
  }
}

export function assertPaymentStatusMove(from: PaymentRecordStatus, to: PaymentRecordStatus, channel: PaymentChannel = 'online'): void {
  if (!canMovePaymentStatus(from, to, channel)) throw new PaymentMoveError(from, to, channel);
}
