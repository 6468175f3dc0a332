import { z } from 'zod';
import {
  ENROLLMENT_PAYMENT_METHODS,
  type EnrollmentPaymentMethod,
  type EnrollmentPaymentStatus,
  type EnrollmentStatus,
  type PAYMENT_STATUSES,
} from '../constants.ts';
import { normalizeKenyanPhone, PHONE_FORMAT_MESSAGE } from '../phone.ts';

export const ENROLL_PHONE_REQUIRED = 'Please enter your phone number for payment';
export const ENROLL_METHOD_REQUIRED = 'Please choose a payment method';

/**
 * Enrolling in a cohort: IntaSend needs the M-Pesa phone that gets the prompt (any Kenyan form,
 * stored as 2547XXXXXXXX / 2541XXXXXXXX); cash needs nothing more. The fee is never sent: the
 * server reads it from the course.
 */
export const createEnrollmentInput = z
  .object({
    cohortId: z.uuid({ error: 'Please choose a start date' }),
    paymentMethod: z.enum(ENROLLMENT_PAYMENT_METHODS, { error: ENROLL_METHOD_REQUIRED }),
    phoneNumber: z.string().trim().max(32).nullish(),
  })
  .transform((v, ctx) => {
    if (v.paymentMethod === 'cash') return { cohortId: v.cohortId, paymentMethod: v.paymentMethod, phoneNumber: null };
    if (!v.phoneNumber) {
      ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: ENROLL_PHONE_REQUIRED });
      return z.NEVER;
    }
    const phoneNumber = normalizeKenyanPhone(v.phoneNumber);
    if (!phoneNumber) {
      ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: PHONE_FORMAT_MESSAGE });
      return z.NEVER;
    }
    return { cohortId: v.cohortId, paymentMethod: v.paymentMethod, phoneNumber };
  });
export type CreateEnrollmentInput = z.input<typeof createEnrollmentInput>;

/**
 * What the student's browser does next about the fee: open the checkout page (sandbox or card),
 * wait for the M-Pesa prompt on their phone, or nothing (cash, or already settled).
 */
export type EnrollmentNextStep = { kind: 'checkout'; url: string } | { kind: 'check_phone' } | { kind: 'none' };

/** The latest online payment attempt of an enrolment, as the student follows it. */
export interface EnrollmentPaymentDto {
  id: string;
  status: (typeof PAYMENT_STATUSES)[number];
  amount: number;
  checkoutUrl: string | null;
  failureReason: string | null;
  refundedAmount: number | null;
}

/** One enrolment, as its owner sees it (GET /api/enrollments/:id and the answer to POST /api/enrollments). */
export interface EnrollmentDto {
  id: string;
  courseId: string;
  courseTitle: string;
  cohortId: string;
  /** yyyy-MM-dd (Nairobi). */
  cohortStartDate: string;
  /** The fee at enrolment, whole KES. */
  coursePrice: number;
  paymentMethod: EnrollmentPaymentMethod;
  status: EnrollmentStatus;
  paymentStatus: EnrollmentPaymentStatus;
  /** Cash: pay at the office by this day (yyyy-MM-dd), 7 days before the cohort starts. */
  paymentDeadline: string | null;
  /** The M-Pesa/card invoice or the office receipt number, once paid. */
  transactionId: string | null;
  createdAt: string;
  payment: EnrollmentPaymentDto | null;
  next: EnrollmentNextStep;
}

/** The office the cash fee is paid at, as the dialog and the confirmation e-mail say it. */
export const ACADEMY_OFFICE_INSTRUCTIONS = 'Visit our office in Nairobi, Kenya during business hours and bring your enrollment confirmation email.';
