import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cohorts } from '../../db/schema/academy-courses.ts';
import { cohortSchedules } from '../../db/schema/academy-training.ts';

function selectSessions(db: Executor) {
  return db
    .select({
      id: cohortSchedules.id,
      courseId: cohortSchedules.courseId,
      cohortId: cohortSchedules.cohortId,
      cohortStartDate: cohorts.startDate,
      title: cohortSchedules.sessionTitle,
      description: cohortSchedules.sessionDescription,
      sessionDate: cohortSchedules.sessionDate,
      durationHours: cohortSchedules.durationHours,
      location: cohortSchedules.location,
      instructor: cohortSchedules.instructor,
    })
    .from(cohortSchedules)
    .leftJoin(cohorts, eq(cohorts.id, cohortSchedules.cohortId));
}
export type SessionRecord = Awaited<ReturnType<typeof selectSessions>>[number];

export function findCourseSessions(db: Executor, courseId: string) {
  return selectSessions(db).where(eq(cohortSchedules.courseId, courseId)).orderBy(asc(cohortSchedules.sessionDate), asc(cohortSchedules.id));
}

export async function findSession(db: Executor, id: string): Promise<SessionRecord | undefined> {
  const [row] = await selectSessions(db).where(eq(cohortSchedules.id, id));
  return row;
}

export type SessionWrite = Pick<
  typeof cohortSchedules.$inferInsert,
  'courseId' | 'cohortId' | 'sessionTitle' | 'sessionDescription' | 'sessionDate' | 'durationHours' | 'location' | 'instructor'
>;

export async function insertSession(db: Executor, values: SessionWrite): Promise<string> {
  const [row] = await db.insert(cohortSchedules).values(values).returning({ id: cohortSchedules.id });
  return row!.id;
}

export async function updateSession(db: Executor, id: string, values: SessionWrite): Promise<void> {
  await db.update(cohortSchedules).set(values).where(eq(cohortSchedules.id, id));
}

export async function deleteSession(db: Executor, id: string): Promise<boolean> {
  const gone = await db.delete(cohortSchedules).where(eq(cohortSchedules.id, id)).returning({ id: cohortSchedules.id });
  return gone.length > 0;
}
