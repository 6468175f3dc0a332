import { and, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { addDaysToDate, nairobiInstant } from '@ops/shared/domain/nairobi-time';
import type { AdminActivityParams } from '@ops/shared/schemas/admin';
import type { Executor } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { ilikeContains, pageOffset } from '../../lib/admin-list.ts';

export type ActivityFilters = Omit<AdminActivityParams, 'sort' | 'dir' | 'page' | 'pageSize'>;

const actor = alias(profiles, 'actor');
const subject = alias(profiles, 'subject');

/** from and to are Nairobi days, both included. q: a fragment of the actor's or the subject's name. */
function activityWhere(f: ActivityFilters): SQL | undefined {
  const named = f.q ? sql`(select ${profiles.id} from ${profiles} where ${ilikeContains(profiles.fullName, f.q)})` : undefined;
  return and(
    f.actor ? eq(auditEvents.actorProfileId, f.actor) : undefined,
    f.subject ? eq(auditEvents.subjectProfileId, f.subject) : undefined,
    f.action ? eq(auditEvents.action, f.action) : undefined,
    f.recordType ? eq(auditEvents.recordType, f.recordType) : undefined,
    f.from ? gte(auditEvents.createdAt, nairobiInstant(f.from, '00:00')) : undefined,
    f.to ? lt(auditEvents.createdAt, nairobiInstant(addDaysToDate(f.to, 1), '00:00')) : undefined,
    named ? or(sql`${auditEvents.actorProfileId} in ${named}`, sql`${auditEvents.subjectProfileId} in ${named}`) : undefined,
  );
}

const activityColumns = {
  id: auditEvents.id,
  createdAt: auditEvents.createdAt,
  /** The exact instant (microseconds), for reading on after a row without skipping its twins. */
  position: sql<string>`${auditEvents.createdAt}::text`,
  actorProfileId: auditEvents.actorProfileId,
  actorName: actor.fullName,
  action: auditEvents.action,
  recordType: auditEvents.recordType,
  recordId: auditEvents.recordId,
  subjectProfileId: auditEvents.subjectProfileId,
  subjectName: subject.fullName,
  before: auditEvents.before,
  after: auditEvents.after,
  clientIp: auditEvents.clientIp,
};

function selectActivity(db: Executor, where: SQL | undefined) {
  return db
    .select(activityColumns)
    .from(auditEvents)
    .innerJoin(actor, eq(actor.id, auditEvents.actorProfileId))
    .leftJoin(subject, eq(subject.id, auditEvents.subjectProfileId))
    .where(where);
}

/** Newest first (the trail only grows; the id breaks ties). */
const newestFirst = [desc(auditEvents.createdAt), desc(auditEvents.id)];

export function findActivityPage(db: Executor, params: AdminActivityParams) {
  const where = activityWhere(params);
  return {
    rows: selectActivity(db, where)
      .orderBy(...newestFirst)
      .limit(params.pageSize)
      .offset(pageOffset(params)),
    total: db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(auditEvents)
      .where(where)
      .then(([row]) => row?.n ?? 0),
  };
}

export type ActivityRecord = Awaited<ReturnType<typeof findActivityPage>['rows']>[number];

/** The rows after `after` (a row's position and id) in newest-first order, `limit` at a time. */
export function findActivityBatch(db: Executor, filters: ActivityFilters, after: { position: string; id: string } | null, limit: number) {
  const next = after ? sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (${after.position}::timestamptz, ${after.id}::uuid)` : undefined;
  return selectActivity(db, and(activityWhere(filters), next))
    .orderBy(...newestFirst)
    .limit(limit);
}
