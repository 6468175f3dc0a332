import { describe, expect, it } from 'vitest';
import { PAYMENT_STATUSES } from '../constants.ts';
import {
  assertPaymentStatusMove,
  canMovePaymentStatus,
  IN_FLIGHT_PAYMENT_STATUSES,
  NEW_PAYMENT_STATUS,
  PaymentMoveError,
  type PaymentRecordStatus,
} from './payment-status.ts';

/** Every move of the decisions, online (M-Pesa, card). */
const onlineMoves = new Set([
  'pending→processing',
  'pending→paid',
  'processing→paid',
  'pending→failed',
  'processing→failed',
  'pending→refund_pending',
  'processing→refund_pending',
  'failed→paid',
  'failed→refund_pending',
  'paid→refund_pending',
  'paid→refunded',
  'refund_pending→refunded',
]);
/** Cash at the office is born paid and can only be given back at the desk. */
const officeMoves = new Set(['paid→refunded']);

const pairs = PAYMENT_STATUSES.flatMap((from) => PAYMENT_STATUSES.map((to): [PaymentRecordStatus, PaymentRecordStatus] => [from, to]));

describe('payment status moves (every pair)', () => {
  it.each(pairs.map(([from, to]) => [from, to, onlineMoves.has(`${from}→${to}`)] as const))('online %s → %s allowed: %s', (from, to, allowed) => {
    expect(canMovePaymentStatus(from, to)).toBe(allowed);
    expect(canMovePaymentStatus(from, to, 'online')).toBe(allowed);
    if (allowed) expect(() => assertPaymentStatusMove(from, to)).not.toThrow();
    else expect(() => assertPaymentStatusMove(from, to)).toThrow(PaymentMoveError);
  });

  it.each(pairs.map(([from, to]) => [from, to, officeMoves.has(`${from}→${to}`)] as const))('office cash %s → %s allowed: %s', (from, to, allowed) => {
    expect(canMovePaymentStatus(from, to, 'office')).toBe(allowed);
    if (allowed) expect(() => assertPaymentStatusMove(from, to, 'office')).not.toThrow();
    else expect(() => assertPaymentStatusMove(from, to, 'office')).toThrow(PaymentMoveError);
  });

  it('has exactly the twelve online moves and the one at the office', () => {
    expect(pairs.filter(([from, to]) => canMovePaymentStatus(from, to))).toHaveLength(12);
    expect(pairs.filter(([from, to]) => canMovePaymentStatus(from, to, 'office'))).toHaveLength(1);
  });

  it('never takes money back once it is given back, nor fails a payment that arrived', () => {
    for (const to of PAYMENT_STATUSES) expect(canMovePaymentStatus('refunded', to)).toBe(false);
    for (const from of ['paid', 'refund_pending', 'refunded'] as const) {
      expect(canMovePaymentStatus(from, 'failed')).toBe(false);
      expect(canMovePaymentStatus(from, 'pending')).toBe(false);
      expect(canMovePaymentStatus(from, 'processing')).toBe(false);
    }
  });
});

describe('how a payment starts', () => {
  it('is stored pending before the provider is asked, or paid when the office took cash', () => {
    expect(NEW_PAYMENT_STATUS).toEqual({ online: 'pending', office: 'paid' });
  });

  it('is in flight while the provider has not given its final answer', () => {
    expect(IN_FLIGHT_PAYMENT_STATUSES).toEqual(['pending', 'processing']);
  });
});

describe('PaymentMoveError', () => {
  it('says which move was refused', () => {
    let caught: unknown;
    try {
      assertPaymentStatusMove('refunded', 'paid');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(PaymentMoveError);
    expect(caught).toBeInstanceOf(Error);
    expect(caught).toMatchObject({ name: 'PaymentMoveError', from: 'refunded', to: 'paid', channel: 'online' });
  });

  it.each([
    ['paid', 'failed', 'online', 'A payment that is paid cannot become failed.'],
    ['refund_pending', 'paid', 'online', 'A payment that is refund pending cannot become paid.'],
    ['paid', 'refund_pending', 'office', 'A cash payment recorded at the office that is paid cannot become refund pending.'],
  ] as const)('%s → %s (%s): %j', (from, to, channel, message) => {
    expect(() => assertPaymentStatusMove(from, to, channel)).toThrow(message);
  });
});
