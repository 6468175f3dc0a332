import { describe, expect, it } from 'vitest';
import { ENROLLMENT_STATUSES } from '../constants.ts';
import { assertEnrollmentMove, canMoveEnrollment, EnrollmentMoveError, holdsSeat, type EnrollmentStatuses } from './enrollment-status.ts';

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
});
