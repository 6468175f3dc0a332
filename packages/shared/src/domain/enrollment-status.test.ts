import { describe, expect, it } from 'vitest';
import { ENROLLMENT_STATUSES } from '../constants.ts';
import {
  assertEnrollmentMove,
  cancellationRefund,
  cancelRefusal,
  canMoveEnrollment,
  cashPaymentDeadline,
  cashPaymentOpen,
  enrollmentConsoleActions,
  EnrollmentMoveError,
  holdsSeat,
  type EnrollmentStatuses,
} from './enrollment-status.ts';

const s = (pair: string): EnrollmentStatuses => {
  const [status, paymentStatus] = pair.split('/') as [EnrollmentStatuses['status'], EnrollmentStatuses['paymentStatus']];
  return { status, paymentStatus };
};

describe('the enrolment status machine', () => {
  it.each([
    ['pending_payment/pending', 'active/paid', true],
    ['pending_payment/pending', 'cancelled/failed', true],
    ['pending_cash/pending_cash', 'active/paid', true],
    ['pending_cash/pending_cash', 'cancelled/failed', true],
    ['cancelled/failed', 'active/paid', true],
    ['cancelled/failed', 'cancelled/refunded', true],
    ['pending/pending', 'approved/pending', true],
    ['pending/paid', 'rejected/paid', true],
    ['approved/paid', 'active/paid', true],
    ['active/paid', 'completed/paid', true],
    // The console: a cash enrolment is approved or rejected, an approved one paid or cancelled, a paid one cancelled with its refund.
    ['pending_cash/pending_cash', 'approved/pending_cash', true],
    ['pending_cash/pending_cash', 'rejected/failed', true],
    ['approved/pending_cash', 'active/paid', true],
    ['approved/pending_cash', 'cancelled/failed', true],
    ['active/paid', 'cancelled/refunded', true],
    // Refused: money never skips the machine, and nothing comes back from a refund or a rejection.
    ['pending_payment/pending', 'active/pending', false],
    ['pending_cash/pending_cash', 'active/pending_cash', false],
    ['pending_cash/pending_cash', 'pending_payment/pending', false],
    ['active/paid', 'cancelled/failed', false],
    ['active/paid', 'active/paid', false],
    ['cancelled/refunded', 'active/paid', false],
    ['rejected/pending', 'approved/pending', false],
    ['pending/pending', 'approved/paid', false],
    ['approved/pending', 'active/pending', false],
    ['completed/paid', 'active/paid', false],
    ['completed/paid', 'cancelled/refunded', false],
    ['approved/pending_cash', 'rejected/failed', false],
    ['pending_payment/pending', 'rejected/failed', false],
    ['pending_payment/pending', 'approved/pending', false],
    ['active/paid', 'rejected/paid', false],
    ['pending_cash/pending_cash', 'cancelled/refunded', false],
    ['rejected/failed', 'approved/failed', false],
  ])('%s → %s: %s', (from, to, allowed) => {
    expect(canMoveEnrollment(s(from), s(to))).toBe(allowed);
    if (allowed) expect(() => assertEnrollmentMove(s(from), s(to))).not.toThrow();
    else expect(() => assertEnrollmentMove(s(from), s(to))).toThrow(EnrollmentMoveError);
  });

  it('words a refused move for the person who tried it', () => {
    expect(() => assertEnrollmentMove(s('active/paid'), s('cancelled/failed'))).toThrow(
      'An enrolment that is active (payment paid) cannot become cancelled (payment failed).',
    );
  });

  it('counts a seat for every status but rejected and cancelled', () => {
    expect(ENROLLMENT_STATUSES.filter((status) => !holdsSeat(status))).toEqual(['rejected', 'cancelled']);
  });

  const row = (pair: string, paymentMethod: 'cash' | 'intasend' = 'cash', coursePrice = 55_000) => ({ ...s(pair), paymentMethod, coursePrice });

  it.each([
    ['pending/pending', 'intasend', ['approve', 'reject']],
    ['pending_cash/pending_cash', 'cash', ['approve', 'reject', 'cash_paid', 'cancel']],
    ['approved/pending_cash', 'cash', ['cash_paid', 'cancel']],
    ['active/paid', 'cash', ['cancel']],
    ['active/paid', 'intasend', ['cancel']],
    ['pending_payment/pending', 'intasend', []],
    ['completed/paid', 'intasend', []],
    ['cancelled/failed', 'cash', []],
    ['cancelled/refunded', 'intasend', []],
    ['rejected/failed', 'cash', []],
  ] as const)('offers the console %s (%s): %j', (pair, method, actions) => {
    expect(enrollmentConsoleActions(row(pair, method))).toEqual(actions);
    expect(cancelRefusal(row(pair, method)) === null).toBe(actions.includes('cancel' as never));
  });

  it('says why an enrolment cannot be cancelled', () => {
    expect(cancelRefusal(row('pending_payment/pending', 'intasend'))).toMatch(/online payment is still under way/);
    expect(cancelRefusal(row('completed/paid'))).toBe('A completed course cannot be cancelled.');
    expect(cancelRefusal(row('cancelled/refunded'))).toBe('This enrolment is already cancelled.');
  });

  it('gives back 95% of a paid fee, rounded down, through the provider or at the office; nothing for an unpaid one', () => {
    expect(cancellationRefund(row('active/paid', 'intasend', 95_000))).toEqual({ how: 'provider', amount: 90_250, of: 95_000 });
    expect(cancellationRefund(row('active/paid', 'cash', 35_001))).toEqual({ how: 'office', amount: 33_250, of: 35_001 });
    expect(cancellationRefund(row('approved/pending_cash'))).toEqual({ how: 'none' });
    expect(cancellationRefund(row('pending_cash/pending_cash'))).toEqual({ how: 'none' });
  });

  it('offers cash at the office until its deadline, 7 days before the start', () => {
    expect(cashPaymentDeadline('2026-12-14')).toBe('2026-12-07');
    expect(cashPaymentOpen('2026-12-14', '2026-12-07')).toBe(true);
    expect(cashPaymentOpen('2026-12-14', '2026-12-08')).toBe(false);
    expect(cashPaymentOpen('2027-01-04', '2026-12-08')).toBe(true);
  });
});
