import { count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cohorts, courses } from '../../db/schema/academy-courses.ts';
import { enrollments } from '../../db/schema/academy-enrollments.ts';

const enrollmentTotal = sql<number>`(select count(*) from ${enrollments} where ${enrollments.cohortId} = ${cohorts.id})`.mapWith(Number);

function selectCohorts(db: Executor) {
  return db
    .select({
      id: cohorts.id,
      courseId: cohorts.courseId,
      courseTitle: courses.title,
      startDate: cohorts.startDate,
      endDate: cohorts.endDate,
      capacity: cohorts.capacity,
      enrolledCount: cohorts.enrolledCount,
      enrollmentTotal,
      status: cohorts.status,
      instructor: cohorts.instructor,
      location: cohorts.location,
      notes: cohorts.notes,
      audited: cohorts.audited,
      auditedAt: cohorts.auditedAt,
      auditNotes: cohorts.auditNotes,
    })
    .from(cohorts)
    .innerJoin(courses, eq(courses.id, cohorts.courseId));
}
export type CohortRecord = Awaited<ReturnType<typeof selectCohorts>>[number];

/** Every cohort, the latest start first (cohorts_start_date_idx). */
export function findCohorts(db: Executor) {
  return selectCohorts(db).orderBy(desc(cohorts.startDate), desc(cohorts.createdAt), desc(cohorts.id));
}

export async function findCohort(db: Executor, id: string): Promise<CohortRecord | undefined> {
  const [row] = await selectCohorts(db).where(eq(cohorts.id, id));
  return row;
}

/** The cohort's row, locked until the transaction ends (enrolments take seats under the same lock). */
export async function lockCohort(db: Executor, id: string) {
  const [row] = await db.select().from(cohorts).where(eq(cohorts.id, id)).for('update');
  return row;
}

export type CohortWrite = Pick<
  typeof cohorts.$inferInsert,
  'courseId' | 'startDate' | 'endDate' | 'capacity' | 'status' | 'instructor' | 'location' | 'notes'
>;

export async function insertCohort(db: Executor, values: CohortWrite): Promise<string> {
  const [row] = await db.insert(cohorts).values(values).returning({ id: cohorts.id });
  return row!.id;
}

/** Never writes enrolled_count: the enrolment lifecycle owns it. */
export async function updateCohort(db: Executor, id: string, values: CohortWrite, now: Date): Promise<void> {
  await db
    .update(cohorts)
    .set({ ...values, updatedAt: now })
    .where(eq(cohorts.id, id));
}

export async function deleteCohort(db: Executor, id: string): Promise<void> {
  await db.delete(cohorts).where(eq(cohorts.id, id));
}

export async function countCohortEnrollments(db: Executor, cohortId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(enrollments).where(eq(enrollments.cohortId, cohortId));
  return row?.n ?? 0;
}

export async function findCohortCourse(db: Executor, cohortId: string) {
  const [row] = await db.select({ id: cohorts.id, courseId: cohorts.courseId }).from(cohorts).where(eq(cohorts.id, cohortId));
  return row;
}
