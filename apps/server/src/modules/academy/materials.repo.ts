import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { storedFiles } from '../../db/schema/files.ts';

export const COURSE_MATERIALS_BUCKET = 'course-materials';

export function findCourseMaterials(db: Executor, courseId: string) {
  return db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.bucket, COURSE_MATERIALS_BUCKET), eq(storedFiles.courseId, courseId)))
    .orderBy(desc(storedFiles.createdAt), desc(storedFiles.id));
}

export async function findMaterial(db: Executor, id: string) {
  const [row] = await db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.id, id), eq(storedFiles.bucket, COURSE_MATERIALS_BUCKET)));
  return row;
}
