/** SQL for a cohort's certificate runs: one batch row per run, with its status and counts. */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { CertificateBatchStatus } from '@ops/shared/constants';
import type { Executor } from '../../db/client.ts';
import { cohorts } from '../../db/schema/academy-courses.ts';
import { certificateBatches } from '../../db/schema/certificates.ts';

const batchColumns = {
  id: certificateBatches.id,
  cohortId: certificateBatches.cohortId,
  requestedBy: certificateBatches.requestedBy,
  status: certificateBatches.status,
  total: certificateBatches.total,
  issued: certificateBatches.issued,
  skipped: certificateBatches.skipped,
  failed: certificateBatches.failed,
  createdAt: certificateBatches.createdAt,
  finishedAt: certificateBatches.finishedAt,
};

export async function findBatch(db: Executor, id: string) {
  const [row] = await db.select(batchColumns).from(certificateBatches).where(eq(certificateBatches.id, id));
  return row;
}
export type BatchRecord = NonNullable<Awaited<ReturnType<typeof findBatch>>>;

export async function findLatestBatch(db: Executor, cohortId: string): Promise<BatchRecord | undefined> {
  const [row] = await db
    .select(batchColumns)
    .from(certificateBatches)
    .where(eq(certificateBatches.cohortId, cohortId))
    .orderBy(desc(certificateBatches.createdAt), desc(certificateBatches.id))
    .limit(1);
  return row;
}

/** The cohort's queued or running batch, if any. */
export async function findActiveBatch(db: Executor, cohortId: string): Promise<BatchRecord | undefined> {
  const [row] = await db
    .select(batchColumns)
    .from(certificateBatches)
    .where(and(eq(certificateBatches.cohortId, cohortId), inArray(certificateBatches.status, ['queued', 'running'])))
    .orderBy(desc(certificateBatches.createdAt))
    .limit(1);
  return row;
}

export async function insertBatch(db: Executor, row: { cohortId: string; requestedBy: string; total: number }): Promise<BatchRecord> {
  const [inserted] = await db.insert(certificateBatches).values(row).returning(batchColumns);
  return inserted!;
}

export async function setBatchStatus(db: Executor, id: string, status: CertificateBatchStatus, finishedAt: Date | null): Promise<void> {
  await db.update(certificateBatches).set({ status, finishedAt }).where(eq(certificateBatches.id, id));
}

export async function setBatchCounts(db: Executor, id: string, counts: { issued: number; skipped: number; failed: number }): Promise<void> {
  await db.update(certificateBatches).set(counts).where(eq(certificateBatches.id, id));
}

/** Locks the cohort row so two batch requests for it take turns. */
export async function lockCohort(db: Executor, cohortId: string) {
  const [row] = await db.select({ id: cohorts.id }).from(cohorts).where(eq(cohorts.id, cohortId)).for('update');
  return row;
}
