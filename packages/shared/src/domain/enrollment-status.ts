/**
 * An enrolment's status machine: its status and payment status move together, and the server
 * refuses every pair of moves not listed here (409 with the message). Staying put is not a move.
 */
import type { EnrollmentPaymentMethod, EnrollmentPaymentStatus, EnrollmentStatus } from '../constants.ts';
import { addDaysToDate } from './nairobi-time.ts';
import { refundAmount, REFUND_PERCENT } from './pricing.ts';

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
    why: 'the cash payment deadline passed, or an admin cancelled it: the seat is released',
  },
  {
    from: 'pending_cash',
    fromPayment: ['pending_cash'],
    to: 'approved',
    toPayment: 'same',
    why: 'an admin approved the cash enrolment; the fee is still due at the office by the deadline',
  },
  {
    from: 'pending_cash',
    fromPayment: ['pending_cash'],
    to: 'rejected',
    toPayment: 'failed',
    why: 'an admin rejected the cash enrolment: the seat is released',
  },
  { from: 'approved', fromPayment: ['pending_cash'], to: 'active', toPayment: 'paid', why: 'the approved student paid at the office' },
  {
    from: 'approved',
    fromPayment: ['pending_cash'],
    to: 'cancelled',
    toPayment: 'failed',
    why: 'the cash payment deadline passed, or an admin cancelled it: the seat is released',
  },
  { from: 'cancelled', fromPayment: ['failed'], to: 'active', toPayment: 'paid', why: 'money arrived late and a seat was still free' },
  { from: 'cancelled', fromPayment: ['failed'], to: 'cancelled', toPayment: 'refunded', why: 'money arrived late for a full cohort and is given back' },
  {
    from: 'active',
    fromPayment: ['paid'],
    to: 'cancelled',
    toPayment: 'refunded',
    why: "an admin cancelled a paid enrolment: the seat is released and the fee given back at the academy's refund rule",
  },
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

// ---------------------------------------------------------------- the console's moves

/** Days before a cohort starts by which a cash fee must be paid at the office. */
export const CASH_DEADLINE_DAYS = 7;

/** The last day (yyyy-MM-dd) to pay a cohort's fee in cash at the office. */
export const cashPaymentDeadline = (cohortStartDate: string): string => addDaysToDate(cohortStartDate, -CASH_DEADLINE_DAYS);

/**
 * Cash at the office is offered while its deadline (7 days before the start) is today or later
 * (`today`: yyyy-MM-dd, Nairobi); a cohort starting sooner is paid online.
 */
export const cashPaymentOpen = (cohortStartDate: string, today: string): boolean => cashPaymentDeadline(cohortStartDate) >= today;

export const CASH_NOT_OFFERED_REASON = 'Not offered for this start date: it begins within 7 days, so the fee is paid online.';

/** A cash fee still due at the office: awaiting review or approved, not paid yet. */
export const awaitsCash = (e: EnrollmentStatuses): boolean =>
  e.paymentStatus === 'pending_cash' && (e.status === 'pending_cash' || e.status === 'approved');

/** What the console's review and 'Pending' filter call pending: an enrolment no admin has decided on yet. */
export const PENDING_REVIEW_STATUSES = ['pending', 'pending_cash'] as const satisfies readonly EnrollmentStatus[];

/**
 * Every enrolment still waiting for something (a decision or a payment): the console's 'Pending'
 * filter.
 */
export const PENDING_STATUSES = ['pending', 'pending_cash', 'pending_payment'] as const satisfies readonly EnrollmentStatus[];

export type EnrollmentConsoleAction = 'approve' | 'reject' | 'cash_paid' | 'cancel';

interface ConsoleEnrollment extends EnrollmentStatuses {
  paymentMethod: EnrollmentPaymentMethod;
}

/**
 * What an admin may do with an enrolment, in the console's order; the server allows exactly these.
 * - pending (the specification's review) and pending_cash (cash enrolments nobody decided on yet):
 *   approve or reject; a cash one may also be marked paid or cancelled.
 * - approved, fee due at the office: mark paid or cancel.
 * - active and paid: cancel, giving the fee back at the academy's refund rule.
 * - pending_payment (an online payment under way, settled or released within 30 minutes), completed,
 *   cancelled, rejected: nothing.
 */
export function enrollmentConsoleActions(e: ConsoleEnrollment): EnrollmentConsoleAction[] {
  if (e.status === 'pending') return ['approve', 'reject'];
  if (e.status === 'pending_cash' && e.paymentStatus === 'pending_cash') return ['approve', 'reject', 'cash_paid', 'cancel'];
  if (e.status === 'approved' && e.paymentStatus === 'pending_cash') return ['cash_paid', 'cancel'];
  if (e.status === 'active' && e.paymentStatus === 'paid') return ['cancel'];
  return [];
}

/** Why the console cannot cancel this enrolment (409), or null when it can. */
export function cancelRefusal(e: ConsoleEnrollment): string | null {
  if (enrollmentConsoleActions(e).includes('cancel')) return null;
  switch (e.status) {
    case 'pending_payment':
      return 'This enrolment’s online payment is still under way; it is settled or released within 30 minutes.';
    case 'completed':
      return 'A completed course cannot be cancelled.';
    case 'cancelled':
      return 'This enrolment is already cancelled.';
    case 'rejected':
      return 'This enrolment was rejected; there is nothing to cancel.';
    default:
      return `An enrolment that is ${label(e.status)} (payment ${label(e.paymentStatus)}) cannot be cancelled.`;
  }
}

/**
 * The academy's refund rule, the bookings' one (DECISIONS: Money): a cancelled paid enrolment gives
 * back 95% of the fee paid, rounded down to whole KES, through the payment provider when it was paid
 * online, in cash at the office when it was paid there. An unpaid one has nothing to give back.
 */
export const ENROLLMENT_REFUND_PERCENT = REFUND_PERCENT;

export type CancellationRefund = { how: 'none' } | { how: 'provider' | 'office'; amount: number; of: number };

export function cancellationRefund(e: ConsoleEnrollment & { coursePrice: number }): CancellationRefund {
  if (e.paymentStatus !== 'paid' || e.coursePrice <= 0) return { how: 'none' };
  return { how: e.paymentMethod === 'cash' ? 'office' : 'provider', amount: refundAmount(e.coursePrice), of: e.coursePrice };
}
