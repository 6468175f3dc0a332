/**
 * An enrolment's status machine: its status and payment status move together, and the server
 * refuses every pair of moves not listed here (409 with the message). Staying put is not a move.
 */
import type { EnrollmentPaymentStatus, EnrollmentStatus } from '../constants.ts';

export interface EnrollmentStatuses {
  status: EnrollmentStatus;
  paymentStatus: EnrollmentPaymentStatus;
}

/**
 * The statuses that keep a seat in the cohort (cohorts.enrolled_count counts them): everything but
 * a rejected or cancelled enrolment.
 */
export const SEAT_HOLDING_STATUSES = [
  'pending',
  'approved',
  'pending_cash',
  'pending_payment',
  'active',
  'completed',
] as const satisfies readonly EnrollmentStatus[];

export function holdsSeat(status: EnrollmentStatus): boolean {
  return (SEAT_HOLDING_STATUSES as readonly EnrollmentStatus[]).includes(status);
}

/** 'same': the payment status does not change with this move. */
interface Move {
  from: EnrollmentStatus;
  fromPayment?: readonly EnrollmentPaymentStatus[];
  to: EnrollmentStatus;
  toPayment: EnrollmentPaymentStatus | 'same';
  why: string;
}

export const ENROLLMENT_MOVES: readonly Move[] = [
  { from: 'pending_payment', fromPayment: ['pending'], to: 'active', toPayment: 'paid', why: 'the M-Pesa or card payment arrived' },
  {
    from: 'pending_payment',
    fromPayment: ['pending'],
    to: 'cancelled',
    toPayment: 'failed',
    why: 'the payment failed or was not completed in time: the seat is released',
  },
  { from: 'pending_cash', fromPayment: ['pending_cash'], to: 'active', toPayment: 'paid', why: 'the fee was paid at the office' },
  {
    from: 'pending_cash',
    fromPayment: ['pending_cash'],
    to: 'cancelled',
    toPayment: 'failed',
    why: 'the cash payment deadline passed: the seat is released',
  },
  { from: 'cancelled', fromPayment: ['failed'], to: 'active', toPayment: 'paid', why: 'money arrived late and a seat was still free' },
  { from: 'cancelled', fromPayment: ['failed'], to: 'cancelled', toPayment: 'refunded', why: 'money arrived late for a full cohort and is given back' },
  { from: 'pending', to: 'approved', toPayment: 'same', why: 'an admin approved the enrolment' },
  { from: 'pending', to: 'rejected', toPayment: 'same', why: 'an admin rejected the enrolment: the seat is released' },
  { from: 'approved', fromPayment: ['paid'], to: 'active', toPayment: 'same', why: 'an approved, paid student starts the course' },
  { from: 'approved', to: 'completed', toPayment: 'same', why: 'the course is finished' },
  { from: 'active', to: 'completed', toPayment: 'same', why: 'the course is finished' },
];

function findMove(from: EnrollmentStatuses, to: EnrollmentStatuses): Move | undefined {
  return ENROLLMENT_MOVES.find(
    (m) =>
      m.from === from.status &&
      (!m.fromPayment || m.fromPayment.includes(from.paymentStatus)) &&
      m.to === to.status &&
      (m.toPayment === 'same' ? to.paymentStatus === from.paymentStatus : m.toPayment === to.paymentStatus),
  );
}

export function canMoveEnrollment(from: EnrollmentStatuses, to: EnrollmentStatuses): boolean {
  return findMove(from, to) !== undefined;
}

const label = (s: string) => s.replace(/_/g, ' ');

/** A refused move; the server answers it with 409 and the message. */
export class EnrollmentMoveError extends Error {
  override readonly name = 'EnrollmentMoveError';
  constructor(
    readonly from: EnrollmentStatuses,
    readonly to: EnrollmentStatuses,
  ) {
    super(
      `An enrolment that is ${label(from.status)} (payment ${label(from.paymentStatus)}) cannot become ${label(to.status)} (payment ${label(to.paymentStatus)}).`,
    );
  }
}

export function assertEnrollmentMove(from: EnrollmentStatuses, to: EnrollmentStatuses): void {
  if (!canMoveEnrollment(from, to)) throw new EnrollmentMoveError(from, to);
}
