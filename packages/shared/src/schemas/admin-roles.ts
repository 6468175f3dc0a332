import { z } from 'zod';
import type { Role } from '../constants.ts';

/**
 * Role management in the console's Settings (/api/admin/roles, roles.manage): admins make people
 * admins or partners and take those roles back. Taking a role back makes the person a client.
 * Guards keep their role (their guard profile, bookings and credentials hang on it), company
 * accounts are clients by definition, nobody changes their own role, and the last admin stays.
 */

/** The roles an admin may give; 'client' takes an admin or partner role back. */
export const ASSIGNABLE_ROLES = ['admin', 'partner', 'client'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export interface RoleHolderRow {
  profileId: string;
  fullName: string;
  email: string;
  role: Role;
  isCompany: boolean;
  blocked: boolean;
  createdAt: string;
}

// ---------------------------------------------------------------- GET /api/admin/roles

/** Everyone holding the admin or partner role, admins first, then by name. */
export interface RoleHoldersDto {
  items: RoleHolderRow[];
}

// ---------------------------------------------------------------- GET /api/admin/roles/people?q=

export const ROLE_SEARCH_MIN = 3;
export const ROLE_SEARCH_MAX = 100;
/** At most this many people answer a search: a role is given to someone the admin can name. */
export const ROLE_SEARCH_LIMIT = 10;

export const rolePeopleQuery = z.object({
  q: z
    .string({ error: 'Type a name or an e-mail address' })
    .trim()
    .min(ROLE_SEARCH_MIN, `Type at least ${ROLE_SEARCH_MIN} characters`)
    .max(ROLE_SEARCH_MAX, `Search must be at most ${ROLE_SEARCH_MAX} characters`),
});
export type RolePeopleQuery = z.input<typeof rolePeopleQuery>;

export interface RolePeopleDto {
  items: RoleHolderRow[];
}

// ---------------------------------------------------------------- PUT /api/admin/roles/:profileId

export const roleProfileIdParam = z.object({ profileId: z.uuid({ error: 'Unknown person' }) });

export const roleChangeInput = z.object({
  role: z.enum(ASSIGNABLE_ROLES, { error: 'The role must be admin, partner or client' }),
});
export type RoleChangeInput = z.infer<typeof roleChangeInput>;

export const LAST_ADMIN_ROLE_MESSAGE = 'There must always be at least one administrator.';
export const OWN_ROLE_MESSAGE = 'You cannot change your own role.';
export const GUARD_ROLE_MESSAGE = 'A guard’s role cannot be changed here: guards keep their guard account.';
export const COMPANY_ROLE_MESSAGE = 'A company account cannot be given the admin or partner role.';
export const BLOCKED_ROLE_MESSAGE = 'Unblock this account before giving it a role.';

/** Whether the console offers this change for this person (the server checks the same and more). */
export function roleChangeOffered(person: Pick<RoleHolderRow, 'role' | 'isCompany' | 'blocked'>, to: AssignableRole): boolean {
  if (person.role === to || person.role === 'guard') return false;
  if (to === 'client') return true;
  return !person.isCompany && !person.blocked;
}
