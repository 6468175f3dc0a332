import { z } from 'zod';
import type { ENROLLMENT_PAYMENT_METHODS } from '../constants.ts';
import { ENROLLMENT_STATUSES } from '../constants.ts';
import { adminListQuery, type AdminPage } from './admin-list.ts';
import type { EnrollmentStatusValue, EnrollmentPaymentStatusValue } from './admin-training.ts';

/** The console's enrolments: the list, reviewing, cancelling, and cash taken at the office. */
export const ADMIN_ENROLLMENT_SORTS = ['created', 'name'] as const;
export type AdminEnrollmentSort = (typeof ADMIN_ENROLLMENT_SORTS)[number];
export const ADMIN_ENROLLMENT_STATUS_FILTERS = ['all', ...ENROLLMENT_STATUSES] as const;

/** q searches the student's name and phone and the course's title. */
export const adminEnrollmentListQuery = adminListQuery({
  sorts: ADMIN_ENROLLMENT_SORTS,
  defaultSort: 'created',
  defaultDir: 'desc',
  filters: {
    status: z.enum(ADMIN_ENROLLMENT_STATUS_FILTERS, { error: 'Unknown status' }).default('all'),
    cohortId: z.union([z.literal('all'), z.uuid({ error: 'Unknown cohort' })]).default('all'),
  },
});
export type AdminEnrollmentListQuery = z.input<typeof adminEnrollmentListQuery>;
export type AdminEnrollmentListParams = z.output<typeof adminEnrollmentListQuery>;

export interface AdminEnrollmentRow {
  id: string;
  profileId: string;
  studentName: string;
  /** The student's profile phone (2547XXXXXXXX), else the phone given for M-Pesa. */
  phone: string | null;
  courseId: string;
  courseTitle: string;
  cohortId: string;
  cohortStartDate: string;
  paymentMethod: (typeof ENROLLMENT_PAYMENT_METHODS)[number];
  coursePrice: number;
  paymentStatus: EnrollmentPaymentStatusValue;
  status: EnrollmentStatusValue;
  notes: string | null;
  createdAt: string;
  /** A refund of its online fee was asked for and the payment service has not answered yet. */
  refundRequested: boolean;
}
export type AdminEnrollmentPage = AdminPage<AdminEnrollmentRow>;

export const ENROLLMENT_REASON_MAX = 500;
export const ENROLLMENT_REASON_MESSAGE = 'Please give a reason';

const requiredReason = z
  .string({ error: ENROLLMENT_REASON_MESSAGE })
  .trim()
  .min(1, ENROLLMENT_REASON_MESSAGE)
  .max(ENROLLMENT_REASON_MAX, `The reason must be at most ${ENROLLMENT_REASON_MAX} characters`);

/** Approving needs nothing more; rejecting needs the reason the student reads. */
export const enrollmentReviewInput = z.discriminatedUnion(
  'decision',
  [z.object({ decision: z.literal('approved') }), z.object({ decision: z.literal('rejected'), reason: requiredReason })],
  { error: 'Choose approve or reject' },
);
export type EnrollmentReviewInput = z.input<typeof enrollmentReviewInput>;
export type EnrollmentReviewValues = z.output<typeof enrollmentReviewInput>;

/** Cancelling an enrolment (unpaid, or paid with its fee given back) needs the reason the student reads. */
export const enrollmentCancelInput = z.object({ reason: requiredReason });
export type EnrollmentCancelInput = z.input<typeof enrollmentCancelInput>;

/**
 * What a cancellation did: the enrolment as it is now, and the fee given back ('provider': through
 * the payment service, 'unconfirmed' while it has not answered; 'office': in cash at the desk).
 */
export interface EnrollmentCancelResult {
  enrollment: AdminEnrollmentRow;
  refund: { how: 'none' } | { how: 'provider' | 'office'; amount: number; of: number; outcome: 'accepted' | 'unconfirmed' };
}

export const RECEIPT_NUMBER_MAX = 64;
export const cashPaidInput = z.object({
  receiptNumber: z
    .string({ error: 'Enter the receipt number' })
    .trim()
    .min(1, 'Enter the receipt number')
    .max(RECEIPT_NUMBER_MAX, `The receipt number must be at most ${RECEIPT_NUMBER_MAX} characters`),
});
export type CashPaidInput = z.input<typeof cashPaidInput>;
