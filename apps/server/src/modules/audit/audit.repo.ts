import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { AuditEventListParams } from '@ops/shared/schemas/audit';
import type { Executor } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/audit.ts';

export type NewAuditEvent = typeof auditEvents.$inferInsert;

/** Several rows in one statement: all are stored or none. */
export async function insertAuditEvents(db: Executor, events: NewAuditEvent[]): Promise<void> {
  await db.insert(auditEvents).values(events);
}

/** Who last did `action` to a record, and from where (audit_events_record_idx); null when nobody did. */
export async function findLastActor(db: Executor, action: string, recordType: string, recordId: string) {
  const [row] = await db
    .select({ profileId: auditEvents.actorProfileId, clientIp: auditEvents.clientIp })
    .from(auditEvents)
    .where(and(eq(auditEvents.recordType, recordType), eq(auditEvents.recordId, recordId), eq(auditEvents.action, action)))
    .orderBy(desc(auditEvents.createdAt))
    .limit(1);
  return row ?? null;
}

/** One page, newest first, read one row past the page to know whether another follows. */
export async function findAuditEventPage(db: Executor, params: AuditEventListParams) {
  const filters: (SQL | undefined)[] = [
    params.subjectProfileId ? eq(auditEvents.subjectProfileId, params.subjectProfileId) : undefined,
    params.actorProfileId ? eq(auditEvents.actorProfileId, params.actorProfileId) : undefined,
    params.action ? eq(auditEvents.action, params.action) : undefined,
  ];
  return db
    .select()
    .from(auditEvents)
    .where(and(...filters))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(params.pageSize + 1)
    .offset((params.page - 1) * params.pageSize);
}
