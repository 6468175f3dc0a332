/**
 * The audit trail (docs/decisions/011): one row per staff read of someone else's personal data,
 * per admin action (in the same transaction as the change), and per export or deletion of an
 * account. Rows carry ids and small facts, never a copy of the personal data concerned. The
 * database refuses to change or delete them.
 */
import { createHash } from 'node:crypto';
import type { AuditEventDto, AuditEventListParams, AuditEventPageDto } from '@ops/shared/schemas/audit';
import type { Executor } from '../../db/client.ts';
import { writeBatcher } from '../../lib/write-batcher.ts';
import { findAuditEventPage, insertAuditEvents, type NewAuditEvent } from './audit.repo.ts';

/** Who acted and from where, as the request knows them. */
export interface AuditActor {
  profileId: string;
  clientIp: string | null;
}

export interface AuditEvent {
  actor: AuditActor;
  /** area.verb: 'guard.read', 'payment.read', 'account.export', 'account.delete', … */
  action: string;
  recordType: string;
  recordId?: string | null;
  /** The person whose data it is, when it is a person's. */
  subjectProfileId?: string | null;
  before?: unknown;
  after?: unknown;
  at?: Date;
}

function toRow(event: AuditEvent): NewAuditEvent {
  return {
    actorProfileId: event.actor.profileId,
    clientIp: event.actor.clientIp,
    action: event.action,
    recordType: event.recordType,
    recordId: event.recordId ?? null,
    subjectProfileId: event.subjectProfileId ?? null,
    before: event.before ?? null,
    after: event.after ?? null,
    ...(event.at ? { createdAt: event.at } : {}),
  };
}

/** Writes one row; pass the transaction of the change it records so neither happens alone. */
export async function recordAudit(tx: Executor, event: AuditEvent): Promise<void> {
  await insertAuditEvents(tx, [toRow(event)]);
}

const readWriters = new WeakMap<Executor, (row: NewAuditEvent) => Promise<void>>();

/**
 * Writes the row of a read, which has no change to share a transaction with. Reads recorded while
 * an earlier one is being written go together in the next statement (a busy console's list views
 * would otherwise each pay for a statement and a commit of their own); the promise settles when
 * this row is stored, so the caller still answers only after its read is on record.
 */
export function recordRead(db: Executor, event: AuditEvent): Promise<void> {
  let write = readWriters.get(db);
  if (!write) {
    write = writeBatcher((rows: NewAuditEvent[]) => insertAuditEvents(db, rows));
    readWriters.set(db, write);
  }
  return write(toRow(event));
}

/**
 * A read of a list the same admin made of the same view (same route, filters and page) showing the
 * same records is not recorded again within this time (decision 011): opening a tab again, going
 * back to it, or the screen reading it again after an action adds nothing the trail does not hold.
 */
export const LIST_READ_KEPT_MS = 30 * 60_000;
/** Past this many remembered views, the expired ones are forgotten (and, if none has expired, all). */
const LIST_READS_REMEMBERED = 10_000;
const listReads = new WeakMap<Executor, Map<string, { until: number; stored: Promise<void> }>>();

/**
 * Records a read of a list once per view: `view` names it (who, which list, with which filters), and
 * the row is written only if this server has not stored the same view showing the same records
 * within LIST_READ_KEPT_MS. The promise settles once the row (this one or the earlier one) is
 * stored; a row that could not be stored is not remembered, so the next read tries again.
 */
export function recordListRead(db: Executor, view: string, now: Date, event: AuditEvent): Promise<void> {
  let seen = listReads.get(db);
  if (!seen) {
    seen = new Map();
    listReads.set(db, seen);
  }
  const key = createHash('sha256')
    .update(JSON.stringify([event.actor.profileId, event.action, event.recordType, event.recordId ?? null, view, event.after ?? null]))
    .digest('base64');
  const at = now.getTime();
  const hit = seen.get(key);
  if (hit && hit.until > at) return hit.stored;
  if (seen.size >= LIST_READS_REMEMBERED) {
    for (const [k, v] of seen) if (v.until <= at) seen.delete(k);
    if (seen.size >= LIST_READS_REMEMBERED) seen.clear();
  }
  const stored = recordRead(db, event);
  const kept = seen;
  kept.set(key, { until: at + LIST_READ_KEPT_MS, stored });
  stored.catch(() => {
    if (kept.get(key)?.stored === stored) kept.delete(key);
  });
  return stored;
}

export async function listAuditEvents(db: Executor, params: AuditEventListParams): Promise<AuditEventPageDto> {
  const rows = await findAuditEventPage(db, params);
  const items: AuditEventDto[] = rows.slice(0, params.pageSize).map((row) => ({
    id: row.id,
    actorProfileId: row.actorProfileId,
    action: row.action,
    recordType: row.recordType,
    recordId: row.recordId,
    subjectProfileId: row.subjectProfileId,
    before: row.before,
    after: row.after,
    clientIp: row.clientIp,
    createdAt: row.createdAt.toISOString(),
  }));
  return { items, page: params.page, pageSize: params.pageSize, hasMore: rows.length > params.pageSize };
}

// A module answering for an earlier action (the provider's reply to an admin's refund) names who
// took it, from the trail itself.
export { findLastActor } from './audit.repo.ts';
