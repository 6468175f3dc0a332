/**
 * Blocking a client, the whole rule in one place. An admin blocks a client account from the Clients
 * view (profiles.blocked_at, with the reason and who blocked it): every session ends at once and
 * the account's unpaid holds are released through the bookings lifecycle, in one transaction with
 * the audit row. From then on the account gets no new session (Better Auth's sign-in hook asks
 * isUserBlocked, auth/auth.ts) and a live one is refused with accountBlocked() where every request's
 * session is looked up (auth/session-lookup.ts, lib/require-auth.ts), so no route can forget to.
 */
import {
  ACCOUNT_BLOCKED_CODE,
  ACCOUNT_BLOCKED_MESSAGE,
  CANNOT_BLOCK_ADMIN_MESSAGE,
  CANNOT_BLOCK_SELF_MESSAGE,
  DEFAULT_BLOCK_REASON,
  type AdminClientRow,
  type BlockClientResult,
} from '@ops/shared/schemas/admin-clients';
import type { Executor, Transaction } from '../../db/client.ts';
import type { ConsoleActionContext } from '../../lib/console-action.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { releaseClientHolds } from '../bookings/booking-lifecycle.service.ts';
import { getAdminClient } from './admin-clients.service.ts';
import { endSessions, findBlockedAtOfUser, lockAccount, setBlocked } from './client-blocking.repo.ts';

/** Why a blocked client's unpaid bookings were cancelled (the booking's cancelled reason). */
export const BLOCKED_HOLD_REASON = 'The client account was blocked';

/** What a blocked account's request is answered: 403, whatever it asked. */
export const accountBlocked = () => new AppError(403, ACCOUNT_BLOCKED_CODE, ACCOUNT_BLOCKED_MESSAGE);

/** Whether the account of this user is blocked. */
export async function isUserBlocked(db: Executor, userId: string): Promise<boolean> {
  return Boolean(await findBlockedAtOfUser(db, userId));
}

/** The client account, locked for the change; admins and other roles are not blocked from here. */
async function lockClient(tx: Transaction, profileId: string) {
  const account = await lockAccount(tx, profileId);
  if (account?.role === 'admin') throw AppError.conflict(CANNOT_BLOCK_ADMIN_MESSAGE);
  if (!account || account.role !== 'client') throw AppError.notFound('Client not found');
  return account;
}

/**
 * Blocks a client, in one transaction with its audit row: every session ends at once, the
 * account's unpaid holds are released through the bookings lifecycle, and (session-lookup.ts) no
 * request or sign-in of the account is accepted until it is unblocked. Blocking a blocked account
 * changes nothing.
 */
export async function blockClient(ctx: ConsoleActionContext, profileId: string, reason: string | undefined): Promise<BlockClientResult> {
  if (profileId === ctx.actor.profileId) throw AppError.forbidden(CANNOT_BLOCK_SELF_MESSAGE);
  return ctx.db.transaction(async (tx) => {
    const account = await lockClient(tx, profileId);
    if (account.blockedAt) return { client: await getAdminClient(tx, profileId), endedSessions: 0, releasedHolds: 0 };
    const stored = reason ?? DEFAULT_BLOCK_REASON;
    await setBlocked(tx, profileId, { at: ctx.now, reason: stored, byProfileId: ctx.actor.profileId }, ctx.now);
    const endedSessions = await endSessions(tx, account.userId);
    const released = await releaseClientHolds(tx, profileId, BLOCKED_HOLD_REASON, ctx.now);
    await recordAudit(tx, {
      actor: ctx.actor,
      action: 'client.block',
      recordType: 'profile',
      recordId: profileId,
      subjectProfileId: profileId,
      before: { status: 'active' },
      after: { status: 'blocked', reason: stored, endedSessions, releasedBookingIds: released.map((b) => b.id) },
      at: ctx.now,
    });
    ctx.logger.info({ profileId, endedSessions, releasedHolds: released.length }, 'client blocked');
    return { client: await getAdminClient(tx, profileId), endedSessions, releasedHolds: released.length };
  });
}

/** Unblocks a client (they may sign in again), with its audit row; an active account is left as it is. */
export async function unblockClient(ctx: ConsoleActionContext, profileId: string): Promise<AdminClientRow> {
  return ctx.db.transaction(async (tx) => {
    const account = await lockClient(tx, profileId);
    if (!account.blockedAt) return getAdminClient(tx, profileId);
    await setBlocked(tx, profileId, null, ctx.now);
    await recordAudit(tx, {
      actor: ctx.actor,
      action: 'client.unblock',
      recordType: 'profile',
      recordId: profileId,
      subjectProfileId: profileId,
      before: { status: 'blocked', reason: account.blockedReason },
      after: { status: 'active' },
      at: ctx.now,
    });
    return getAdminClient(tx, profileId);
  });
}
