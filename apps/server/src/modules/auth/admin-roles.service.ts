import {
  BLOCKED_ROLE_MESSAGE,
  COMPANY_ROLE_MESSAGE,
  GUARD_ROLE_MESSAGE,
  LAST_ADMIN_ROLE_MESSAGE,
  OWN_ROLE_MESSAGE,
  ROLE_SEARCH_LIMIT,
  type AssignableRole,
  type RoleHolderRow,
  type RoleHoldersDto,
  type RolePeopleDto,
} from '@ops/shared/schemas/admin-roles';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { ConsoleActionContext } from '../../lib/console-action.ts';
import { findPeople, findPerson, findRoleHolders, lockAdmins, lockPerson, setRole, type PersonRecord } from './admin-roles.repo.ts';

function toRoleHolder(row: PersonRecord): RoleHolderRow {
  return {
    profileId: row.profileId,
    fullName: row.fullName,
    email: row.email,
    role: row.role,
    isCompany: row.isCompany,
    blocked: row.blockedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listRoleHolders(db: Executor): Promise<RoleHoldersDto> {
  return { items: (await findRoleHolders(db)).map(toRoleHolder) };
}

export async function searchPeople(db: Executor, q: string): Promise<RolePeopleDto> {
  return { items: (await findPeople(db, q, ROLE_SEARCH_LIMIT)).map(toRoleHolder) };
}

async function readPerson(db: Executor, profileId: string): Promise<RoleHolderRow> {
  const row = await findPerson(db, profileId);
  if (!row) throw AppError.notFound('Person not found');
  return toRoleHolder(row);
}

/**
 * Gives someone the admin or partner role, or takes it back ('client'), with its audit row in the
 * same transaction. The role is read on every request, so the change holds from the person's next
 * request. Refused: your own role, a guard's, admin or partner for a company or a blocked account,
 * and taking the admin role from the last admin. Asking for the role already held changes nothing.
 */
export async function changeRole(ctx: ConsoleActionContext, profileId: string, to: AssignableRole): Promise<RoleHolderRow> {
  if (profileId === ctx.actor.profileId) throw AppError.forbidden(OWN_ROLE_MESSAGE);
  return ctx.db.transaction(async (tx) => {
    // The admins first, always in the same order, then the person: concurrent changes take turns.
    const admins = await lockAdmins(tx);
    const person = await lockPerson(tx, profileId);
    if (!person) throw AppError.notFound('Person not found');
    if (person.role === to) return readPerson(tx, profileId);
    if (person.role === 'guard') throw AppError.conflict(GUARD_ROLE_MESSAGE);
    if (to !== 'client' && person.isCompany) throw AppError.conflict(COMPANY_ROLE_MESSAGE);
    if (to !== 'client' && person.blockedAt) throw AppError.conflict(BLOCKED_ROLE_MESSAGE);
    if (person.role === 'admin' && admins.filter((id) => id !== profileId).length === 0) throw AppError.conflict(LAST_ADMIN_ROLE_MESSAGE);

    await setRole(tx, profileId, to, ctx.now);
    await recordAudit(tx, {
      actor: ctx.actor,
      action: 'role.change',
      recordType: 'profile',
      recordId: profileId,
      subjectProfileId: profileId,
      before: { role: person.role },
      after: { role: to },
      at: ctx.now,
    });
    ctx.logger.info({ profileId, from: person.role, to }, 'role changed');
    return readPerson(tx, profileId);
  });
}
