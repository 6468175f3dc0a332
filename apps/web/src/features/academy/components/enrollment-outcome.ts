import { format, parseISO } from 'date-fns';
import type { EnrollmentDto } from '@ops/shared/schemas/enrollments';

export const ENROLL_FAILED = 'Failed to process enrollment. Please try again.';
/** What the dialog itself says when enrolment fails without a reason of the server's (the toast says ENROLL_FAILED). */
export const ENROLL_DIALOG_FAILED = 'Enrollment failed. Please try again.';
export const CASH_SUCCESS = 'Enrollment created! Please visit our office to complete payment.';
export const INTASEND_SUCCESS = 'Payment initiated successfully! Redirecting to payment page...';
export const CHECK_PHONE = 'Check your phone and enter your M-Pesa PIN to complete the payment.';
export const PAID_MESSAGE = 'Payment received! Your enrollment is active.';
/** How long the success message shows before the payment page opens. */
export const REDIRECT_DELAY_MS = 1500;

/** A cohort's day or a deadline as the dialog shows it: 'Mar 01, 2027'. */
export const day = (iso: string) => format(parseISO(iso), 'MMM dd, yyyy');

/** How sending the enrolment ended: what the dialog shows in place of the form. */
export type Outcome =
  | { kind: 'cash'; enrollment: EnrollmentDto }
  | { kind: 'redirect'; enrollment: EnrollmentDto }
  | { kind: 'phone'; enrollment: EnrollmentDto }
  | { kind: 'failed'; message: string };
