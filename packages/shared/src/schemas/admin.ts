import { z } from 'zod';
import type { GuardStatus, Specialization } from '../constants.ts';
import type { Credential, CredentialStatus, GuardCredentialFacts } from '../domain/guard-credentials.ts';
import { isIsoDate } from '../domain/nairobi-time.ts';
import { ONBOARDING_STAGES, OFFICER_TABS, type OfficerBadge, type OfficerTab, type OnboardingFlags } from '../domain/officer-onboarding.ts';
import { adminListQuery, type AdminPage } from './admin-list.ts';
import type { GuardDocumentDto } from './guard-documents.ts';

/**
 * The admin console's API (everything under /api/admin, admins only). Tables answer AdminPage<T>
 * (schemas/admin-list.ts); writes answer the changed row.
 */

// ---------------------------------------------------------------- GET /api/admin/overview

export interface AdminOverviewStats {
  totalGuards: number;
  approvedGuards: number;
  /** Guards whose status is pending or pending_approval. */
  pendingApprovals: number;
  totalClients: number;
  /** Bookings pending or confirmed. */
  activeBookings: number;
  completedBookings: number;
  /** Whole KES: completed bookings created this calendar month in Nairobi. */
  monthlyRevenue: number;
  /** Paid bookings their clients cancelled this calendar month with less notice than the policy's longer window. */
  lateCancellations: number;
}

export interface RevenueWeek {
  /** The Monday that starts the Nairobi week, 'YYYY-MM-DD'. */
  weekStart: string;
  /** Whole KES of completed bookings created that week. */
  revenue: number;
}

export const ATTENTION_LIST_LIMIT = 8;
export const REVENUE_WEEKS = 12;

export interface AttentionGuard {
  profileId: string;
  fullName: string;
  createdAt: string;
}

export interface AttentionCredential {
  profileId: string;
  fullName: string;
  credential: Credential;
  expiresOn: string | null;
  /** 'missing' is listed for approved guards only (a guard under review has not finished entering them). */
  state: 'missing' | 'expired' | 'expiring';
}

export interface AttentionBooking {
  id: string;
  reference: string;
  startTime: string;
  serviceLabel: string;
  clientName: string;
}

export interface AdminOverviewDto {
  stats: AdminOverviewStats;
  /** REVENUE_WEEKS entries, oldest first, the current week last. */
  revenueByWeek: RevenueWeek[];
  /** Each list holds at most ATTENTION_LIST_LIMIT entries, most urgent first; totals count them all. */
  attention: {
    pendingGuards: AttentionGuard[];
    credentials: AttentionCredential[];
    /** Paid bookings still waiting for a guard, soonest first. */
    unstaffedBookings: AttentionBooking[];
    totals: { pendingGuards: number; credentials: number; unstaffedBookings: number };
  };
}

// ---------------------------------------------------------------- GET /api/admin/guards

export const ADMIN_GUARD_SORTS = ['name', 'created', 'experience', 'rate', 'rating'] as const;
export type AdminGuardSort = (typeof ADMIN_GUARD_SORTS)[number];

export const ADMIN_GUARD_STATUS_FILTERS = ['all', 'approved', 'pending', 'rejected'] as const;
export type AdminGuardStatusFilter = (typeof ADMIN_GUARD_STATUS_FILTERS)[number];

/** q searches name, e-mail, phone and specialization; status 'pending' covers pending_approval too. */
export const adminGuardListQuery = adminListQuery({
  sorts: ADMIN_GUARD_SORTS,
  defaultSort: 'created',
  defaultDir: 'desc',
  filters: {
    status: z.enum(ADMIN_GUARD_STATUS_FILTERS, { error: 'Unknown status' }).default('all'),
  },
});
export type AdminGuardListQuery = z.input<typeof adminGuardListQuery>;
export type AdminGuardListParams = z.output<typeof adminGuardListQuery>;

export interface AdminGuardRow {
  profileId: string;
  fullName: string;
  email: string;
  phone: string | null;
  avatarUrl: string | null;
  specialization: Specialization | null;
  experienceYears: number;
  rateHourly: number | null;
  status: GuardStatus;
  approved: boolean;
  availability: boolean;
  averageRating: number | null;
  reviewCount: number;
  /** The last day both the PSRA licence and the police clearance hold; null while either is missing. */
  credentialsValidUntil: string | null;
  createdAt: string;
}
export type AdminGuardPage = AdminPage<AdminGuardRow>;

/** A guard's uploaded document as the console lists it (the same shape the guard sees; reads are logged). */
export type AdminGuardDocument = GuardDocumentDto;

/** GET /api/admin/guards/:profileId: the profile dialog. */
export interface AdminGuardDetail extends AdminGuardRow {
  bio: string | null;
  skills: string[];
  rateDaily: number | null;
  rejectionReason: string | null;
  onboarding: OnboardingFlags;
  credentials: GuardCredentialFacts & {
    /** The licence's and the clearance's state today (Nairobi). */
    statuses: CredentialStatus[];
    /** Why the guard may not work today, or null. */
    problem: string | null;
  };
  documents: AdminGuardDocument[];
}

export const guardProfileIdParam = z.object({ profileId: z.uuid({ error: 'Unknown guard' }) });

/** PUT /api/admin/guards/:profileId/approval (the Guards view sets and unsets approval freely). */
export const guardApprovalInput = z.object({ approved: z.boolean({ error: 'Say whether the guard is approved' }) });
export type GuardApprovalInput = z.infer<typeof guardApprovalInput>;

// ---------------------------------------------------------------- /api/admin/officers

export { OFFICER_TABS, ONBOARDING_STAGES, type OfficerTab, type OnboardingStage } from '../domain/officer-onboarding.ts';

export const adminOfficerListQuery = adminListQuery({
  sorts: ['name', 'created'] as const,
  defaultSort: 'created',
  defaultDir: 'desc',
  filters: {
    tab: z.enum(OFFICER_TABS, { error: 'Unknown tab' }).default('pending'),
  },
});
export type AdminOfficerListQuery = z.input<typeof adminOfficerListQuery>;
export type AdminOfficerListParams = z.output<typeof adminOfficerListQuery>;

export interface OfficerRow extends AdminGuardRow, OnboardingFlags {
  badge: OfficerBadge;
  rejectionReason: string | null;
}

/** The tab's page, and every tab's count (for the tab labels) under the same search. */
export type AdminOfficerPage = AdminPage<OfficerRow> & { counts: Record<OfficerTab, number> };

/** PATCH /api/admin/officers/:profileId/stages */
export const officerStageInput = z.object({
  stage: z.enum(ONBOARDING_STAGES, { error: 'Unknown onboarding stage' }),
  value: z.boolean({ error: 'Say whether the stage is done' }),
});
export type OfficerStageInput = z.infer<typeof officerStageInput>;

export const REJECTION_REASON_REQUIRED = 'Please provide a rejection reason';
export const REJECTION_REASON_MAX = 500;

/** POST /api/admin/officers/:profileId/reject */
export const officerRejectInput = z.object({
  reason: z
    .string({ error: REJECTION_REASON_REQUIRED })
    .trim()
    .min(1, REJECTION_REASON_REQUIRED)
    .max(REJECTION_REASON_MAX, `The reason must be at most ${REJECTION_REASON_MAX} characters`),
});
export type OfficerRejectInput = z.infer<typeof officerRejectInput>;

// ---------------------------------------------------------------- /api/admin/activity

const isoDay = (label: string) =>
  z
    .string()
    .refine(isIsoDate, `${label} must be a date (YYYY-MM-DD)`)
    .optional()
    .or(z.literal('').transform(() => undefined));
const optionalUuid = z
  .uuid({ error: 'Unknown person' })
  .optional()
  .or(z.literal('').transform(() => undefined));
const optionalToken = (pattern: RegExp, message: string) =>
  z
    .string()
    .regex(pattern, message)
    .optional()
    .or(z.literal('').transform(() => undefined));

/**
 * The audit trail's filters, newest first. from and to are Nairobi calendar days, both included.
 * q searches the actor's and the subject's names.
 */
export const adminActivityQuery = adminListQuery({
  sorts: ['created'] as const,
  defaultSort: 'created',
  defaultDir: 'desc',
  filters: {
    actor: optionalUuid,
    subject: optionalUuid,
    action: optionalToken(/^[a-z_]+\.[a-z_]+$/, 'Unknown action'),
    recordType: optionalToken(/^[a-z_]{1,40}$/, 'Unknown record type'),
    from: isoDay('From'),
    to: isoDay('To'),
  },
}).refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'To cannot be before From' });
export type AdminActivityQuery = z.input<typeof adminActivityQuery>;
export type AdminActivityParams = z.output<typeof adminActivityQuery>;

export interface ActivityRow {
  id: string;
  createdAt: string;
  actorProfileId: string;
  actorName: string;
  action: string;
  recordType: string;
  recordId: string | null;
  subjectProfileId: string | null;
  subjectName: string | null;
  /** As stored: ids and small facts (decision 011). */
  before: unknown;
  after: unknown;
  clientIp: string | null;
  /** The record as the office names it (a booking's reference, a person's name, a course and its first day); null when it has none. */
  recordName: string | null;
  /** before and after with each id they hold said as the name it stands for now, under a key said in words ('guards', 'enrolments'). */
  readable: { before: unknown; after: unknown };
}
export type AdminActivityPage = AdminPage<ActivityRow>;

/** GET /api/admin/activity.csv takes the same filters and returns at most this many rows, newest first. */
export const ACTIVITY_CSV_MAX_ROWS = 50_000;
