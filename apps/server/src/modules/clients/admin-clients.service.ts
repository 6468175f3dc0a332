import {
  CANNOT_BLOCK_ADMIN_MESSAGE,
  CANNOT_BLOCK_SELF_MESSAGE,
  DEFAULT_BLOCK_REASON,
  type AdminClientListParams,
  type AdminClientPage,
  type AdminClientRow,
  type BlockClientResult,
} from '@ops/shared/schemas/admin-clients';
import type { Executor, Transaction } from '../../db/client.ts';
import { readAdminPage } from '../../lib/admin-list.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { releaseClientHolds } from '../bookings/booking-lifecycle.service.ts';
import { endSessions, findClientPage, findClientRow, lockAccount, setBlocked, type ClientRowRecord } from './admin-clients.repo.ts';
import type { ConsoleActionContext } from '../../lib/console-action.ts';

/** Why a blocked client's unpaid bookings were cancelled (the booking's cancelled reason). */
export const BLOCKED_HOLD_REASON = 'The client account was blocked';

export function toClientRow(row: ClientRowRecord): AdminClientRow {
  return {
    profileId: row.profileId,
    fullName: row.fullName,
    email: row.email,
    phone: row.phone,
    isCompany: row.isCompany,
    companyName: row.companyName,
    bookingsCount: row.bookingsCount,
    totalPaid: row.totalPaid,
    status: row.blockedAt ? 'blocked' : 'active',
    blockedAt: row.blockedAt?.toISOString() ?? null,
    blockedReason: row.blockedReason,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listAdminClients(db: Executor, params: AdminClientListParams): Promise<AdminClientPage> {
  const { rows, total } = await findClientPage(db, params);
  return readAdminPage(params, rows, total, toClientRow);
}

async function readClient(db: Executor, profileId: string): Promise<AdminClientRow> {
  const row = await findClientRow(db, profileId);
  if (!row) throw AppError.notFound('Client not found');
  return toClientRow(row);
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
    if (account.blockedAt) return { client: await readClient(tx, profileId), endedSessions: 0, releasedHolds: 0 };
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
    return { client: await readClient(tx, profileId), endedSessions, releasedHolds: released.length };
  });
}

/** Unblocks a client (they may sign in again), with its audit row; an active account is left as it is. */
export async function unblockClient(ctx: ConsoleActionContext, profileId: string): Promise<AdminClientRow> {
  return ctx.db.transaction(async (tx) => {
    const account = await lockClient(tx, profileId);
    if (!account.blockedAt) return readClient(tx, profileId);
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
    return readClient(tx, profileId);
  });
}
