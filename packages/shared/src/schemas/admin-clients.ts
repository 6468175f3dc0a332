import { z } from 'zod';
import { adminListQuery, type AdminPage } from './admin-list.ts';

/**
 * The console's Clients view (/api/admin/clients, clients.manage): client accounts searched,
 * filtered and paged by the server, and blocked or unblocked for real.
 */

// ---------------------------------------------------------------- GET /api/admin/clients

/** Sorts on indexed columns only: the name, and the day the account was made. */
export const ADMIN_CLIENT_SORTS = ['name', 'created'] as const;
export type AdminClientSort = (typeof ADMIN_CLIENT_SORTS)[number];

export const ADMIN_CLIENT_STATUS_FILTERS = ['all', 'active', 'blocked'] as const;
export type AdminClientStatusFilter = (typeof ADMIN_CLIENT_STATUS_FILTERS)[number];

/** q searches the name, the e-mail and the phone (07… or 254…). */
export const adminClientListQuery = adminListQuery({
  sorts: ADMIN_CLIENT_SORTS,
  defaultSort: 'created',
  defaultDir: 'desc',
  filters: {
    status: z.enum(ADMIN_CLIENT_STATUS_FILTERS, { error: 'Unknown status' }).default('all'),
  },
});
export type AdminClientListQuery = z.input<typeof adminClientListQuery>;
export type AdminClientListParams = z.output<typeof adminClientListQuery>;

export type ClientAccountStatus = 'active' | 'blocked';

export interface AdminClientRow {
  profileId: string;
  fullName: string;
  email: string;
  /** Stored as 2547XXXXXXXX. */
  phone: string | null;
  isCompany: boolean;
  companyName: string | null;
  /** Every booking the client has made, whatever its status. */
  bookingsCount: number;
  /** Whole KES of the client's paid bookings and paid course fees (refunded money is not counted). */
  totalPaid: number;
  status: ClientAccountStatus;
  /** Set while blocked. */
  blockedAt: string | null;
  blockedReason: string | null;
  createdAt: string;
}
export type AdminClientPage = AdminPage<AdminClientRow>;

export const clientProfileIdParam = z.object({ profileId: z.uuid({ error: 'Unknown client' }) });

// ---------------------------------------------------------------- POST /api/admin/clients/:profileId/block

export const BLOCK_REASON_MAX = 500;
/** Stored when the admin gives no reason (the table requires one while blocked). */
export const DEFAULT_BLOCK_REASON = 'Blocked by an administrator';

/** The reason is optional; blank means none given. */
export const blockClientInput = z.object({
  reason: z
    .string({ error: 'The reason must be text' })
    .trim()
    .max(BLOCK_REASON_MAX, `The reason must be at most ${BLOCK_REASON_MAX} characters`)
    .transform((value) => (value === '' ? undefined : value))
    .optional(),
});
export type BlockClientInput = z.input<typeof blockClientInput>;

export interface BlockClientResult {
  client: AdminClientRow;
  /** Sessions of the account ended by the block (0 when it was already blocked). */
  endedSessions: number;
  /** Unpaid holds (pending bookings nobody is paying for) cancelled by the block. */
  releasedHolds: number;
}

// ---------------------------------------------------------------- POST /api/admin/clients/:profileId/unblock
// No body; answers the client's AdminClientRow.

// ---------------------------------------------------------------- what a blocked account is told

export const ACCOUNT_BLOCKED_CODE = 'ACCOUNT_BLOCKED';
export const ACCOUNT_BLOCKED_MESSAGE = 'This account has been blocked. Please contact OPS Security.';
export const CANNOT_BLOCK_SELF_MESSAGE = 'You cannot block your own account.';
export const CANNOT_BLOCK_ADMIN_MESSAGE = 'An administrator cannot be blocked.';
