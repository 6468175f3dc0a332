import { and, eq, inArray } from 'drizzle-orm';
import { COHORT_FILE_BUCKETS } from '@ops/shared/schemas/partner';
import type { Executor } from '../../db/client.ts';
import { storedFiles } from '../../db/schema/files.ts';

const COHORT_BUCKETS = [COHORT_FILE_BUCKETS.cv, COHORT_FILE_BUCKETS.photo];

/** Ties a stored file to its cohort (the file store's insert knows courses, not cohorts). */
export async function attachToCohort(db: Executor, fileId: string, cohortId: string) {
  const [row] = await db.update(storedFiles).set({ cohortId }).where(eq(storedFiles.id, fileId)).returning();
  if (!row) throw new Error('stored file not found after insert');
  return row;
}

/** A cohort's CV or photo. */
export async function findCohortFile(db: Executor, fileId: string) {
  const [row] = await db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.id, fileId), inArray(storedFiles.bucket, COHORT_BUCKETS)));
  return row ?? null;
}
