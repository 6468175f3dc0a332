import type { CancelledBy } from '../domain/cancellation-policy.ts';
import { z } from 'zod';
import { BOOKING_PAYMENT_STATUSES, BOOKING_STATUSES, type BookingPaymentStatus, type BookingStatus, type ServiceType } from '../constants.ts';
import { isIsoDate } from '../domain/nairobi-time.ts';
import { adminListQuery, type AdminPage } from './admin-list.ts';

/**
 * The console's Bookings view (everything under /api/admin/bookings): the table, the admin's status
 * moves, and staffing bookings that still lack guards.
 */

// ---------------------------------------------------------------- GET /api/admin/bookings

export const ADMIN_BOOKING_SORTS = ['start', 'created'] as const;
export type AdminBookingSort = (typeof ADMIN_BOOKING_SORTS)[number];

export const ADMIN_BOOKING_STATUS_FILTERS = ['all', ...BOOKING_STATUSES] as const;
export type AdminBookingStatusFilter = (typeof ADMIN_BOOKING_STATUS_FILTERS)[number];
export const ADMIN_BOOKING_PAYMENT_FILTERS = ['all', ...BOOKING_PAYMENT_STATUSES] as const;
export type AdminBookingPaymentFilter = (typeof ADMIN_BOOKING_PAYMENT_FILTERS)[number];

const nairobiDay = (label: string) =>
  z
    .string()
    .refine(isIsoDate, `${label} must be a date (YYYY-MM-DD)`)
    .optional()
    .or(z.literal('').transform(() => undefined));

/**
 * q: a reference (whole or its beginning), a client's or guard's name, or an area. from and to are
 * Nairobi calendar days of the booking's start, both included. Latest start first by default.
 */
export const adminBookingListQuery = adminListQuery({
  sorts: ADMIN_BOOKING_SORTS,
  defaultSort: 'start',
  defaultDir: 'desc',
  filters: {
    status: z.enum(ADMIN_BOOKING_STATUS_FILTERS, { error: 'Unknown status' }).default('all'),
    payment: z.enum(ADMIN_BOOKING_PAYMENT_FILTERS, { error: 'Unknown payment status' }).default('all'),
    from: nairobiDay('From'),
    to: nairobiDay('To'),
  },
}).refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'To cannot be before From' });
export type AdminBookingListQuery = z.input<typeof adminBookingListQuery>;
export type AdminBookingListParams = z.output<typeof adminBookingListQuery>;

export interface AdminBookingGuard {
  profileId: string;
  fullName: string;
  /** Put on by the console (not chosen by the client): the console may take the guard off again. */
  staffedByConsole: boolean;
}

export interface AdminBookingRow {
  id: string;
  reference: string;
  serviceType: ServiceType | null;
  /** The service in words ('Personal Security', 'Hourly booking'). */
  serviceLabel: string;
  client: { profileId: string; fullName: string; companyName: string | null };
  /** Every guard on the booking, the booking's own guard first; empty while it has none. */
  guards: AdminBookingGuard[];
  teamSize: number;
  area: string;
  startTime: string;
  endTime: string;
  /** Whole KES. */
  price: number;
  status: BookingStatus;
  paymentStatus: BookingPaymentStatus;
  /** Who cancelled it and why (null while it is not cancelled; `by` null for one cancelled before this was kept). */
  cancellation: { by: CancelledBy | null; reason: string | null } | null;
  createdAt: string;
}
export type AdminBookingPage = AdminPage<AdminBookingRow>;

export const bookingIdParam = z.object({ id: z.uuid({ error: 'Unknown booking' }) });

// ---------------------------------------------------------------- POST /api/admin/bookings/:id/status

/** Any status may be asked for; the shared machine decides whether the move is allowed (409 when not). */
export type AdminBookingTarget = BookingStatus;

export const bookingStatusInput = z.object({
  status: z.enum(BOOKING_STATUSES, { error: 'Unknown booking status' }),
});
export type BookingStatusInput = z.infer<typeof bookingStatusInput>;

/** Why the booking was cancelled, as the client and guard read it. */
export const ADMIN_CANCEL_REASON = 'Cancelled by the OPS office';

// ---------------------------------------------------------------- GET and POST /api/admin/bookings/:id/cancel

export const ADMIN_REFUND_REASON_MAX = 300;
export const adminRefundReasonRequired = (policyRefund: string) => `Say why the refund differs from the policy's ${policyRefund}.`;

/**
 * The console cancels a booking and, when it was paid, decides its refund in the same step: the
 * policy's figure (no reason needed) or another whole-KES amount up to what was paid, with a reason
 * kept on the audit trail.
 */
export const adminCancelBookingInput = z.object({
  refund: z
    .number({ error: 'Enter the refund in whole KES.' })
    .int('Enter the refund in whole KES.')
    .min(0, 'The refund cannot be negative.')
    .max(10_000_000, 'Enter the refund in whole KES.'),
  reason: z
    .string({ error: 'Enter the reason as text.' })
    .trim()
    .max(ADMIN_REFUND_REASON_MAX, `Keep the reason to ${ADMIN_REFUND_REASON_MAX} characters or fewer.`)
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
});
export type AdminCancelBookingInput = z.output<typeof adminCancelBookingInput>;
export type AdminCancelBookingRequest = z.input<typeof adminCancelBookingInput>;

/** What cancelling now would give back under the policy, for the console's dialog. */
export interface AdminCancellationPreview {
  /** False while nothing was paid: the booking is simply cancelled. */
  paid: boolean;
  /** Whole KES paid (0 when unpaid). */
  amountPaid: number;
  /** The policy's share now, and its percent. */
  policyRefund: number;
  percent: number;
  minutesBeforeStart: number;
  /** Why no refund can be made from the console (cash taken at the office, a refund already under way), or null. */
  refundRefusal: string | null;
}

// ---------------------------------------------------------------- GET /api/admin/bookings/:id/candidates

export const candidateQuery = z.object({
  q: z
    .string()
    .trim()
    .max(100, 'Search must be at most 100 characters')
    .optional()
    .transform((value) => (value ? value : undefined)),
});

export const CANDIDATE_LIMIT = 20;

/** A guard who may be put on the booking: Deployment Ready (approved, through onboarding, credentialed through its last day), available and free then. */
export interface BookingCandidate {
  profileId: string;
  fullName: string;
  specialization: string | null;
  experienceYears: number;
  /** Whole KES; null when the guard has not set one. */
  rateHourly: number | null;
  rateDaily: number | null;
  averageRating: number | null;
  /** The last day both the PSRA licence and the police clearance hold ('YYYY-MM-DD'). */
  credentialsValidUntil: string;
}

export interface BookingCandidates {
  items: BookingCandidate[];
  /** How many more guards the booking needs. */
  needed: number;
}

// ---------------------------------------------------------------- POST /api/admin/bookings/:id/guards

export const STAFF_GUARDS_MAX = 20;

export const staffGuardsInput = z.object({
  guardProfileIds: z
    .array(z.uuid({ error: 'Unknown guard' }), { error: 'Choose at least one guard' })
    .min(1, 'Choose at least one guard')
    .max(STAFF_GUARDS_MAX, `At most ${STAFF_GUARDS_MAX} guards at once`)
    .refine((ids) => new Set(ids).size === ids.length, 'A guard is chosen twice'),
});
export type StaffGuardsInput = z.infer<typeof staffGuardsInput>;

// ---------------------------------------------------------------- DELETE /api/admin/bookings/:id/guards/:guardProfileId

/** Takes a guard the console put on a booking off it again (the client's own choice stays). */
export const bookingGuardParam = z.object({
  id: z.uuid({ error: 'Unknown booking' }),
  guardProfileId: z.uuid({ error: 'Unknown guard' }),
});

/** How many guards a booking still needs: its team size less the guards it has (never below 0). */
export const guardsLacking = (b: { teamSize: number; guards: readonly unknown[] }): number => Math.max(0, b.teamSize - b.guards.length);
