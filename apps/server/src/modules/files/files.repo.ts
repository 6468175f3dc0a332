import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { storedFiles } from '../../db/schema/files.ts';

export type StoredFileRow = typeof storedFiles.$inferSelect;
export type NewStoredFileRow = typeof storedFiles.$inferInsert;

export async function insertStoredFile(db: Executor, values: NewStoredFileRow): Promise<StoredFileRow> {
  const [row] = await db.insert(storedFiles).values(values).returning();
  if (!row) throw new Error('stored file not inserted');
  return row;
}

export async function findStoredFile(db: Executor, id: string): Promise<StoredFileRow | null> {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, id));
  return row ?? null;
}

export async function findStoredFiles(db: Executor, ids: readonly string[]): Promise<StoredFileRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(storedFiles)
    .where(inArray(storedFiles.id, [...ids]));
}

/** A cohort's own files (instructor CVs, facility photos), removed with the cohort. */
export function deleteCohortFiles(db: Executor, cohortId: string): Promise<StoredFileRow[]> {
  return db.delete(storedFiles).where(eq(storedFiles.cohortId, cohortId)).returning();
}

export async function deleteStoredFile(db: Executor, id: string): Promise<StoredFileRow | null> {
  const [row] = await db.delete(storedFiles).where(eq(storedFiles.id, id)).returning();
  return row ?? null;
}
