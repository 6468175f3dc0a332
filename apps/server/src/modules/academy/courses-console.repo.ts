import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { courses } from '../../db/schema/academy-courses.ts';

export function findCourseOptions(db: Executor) {
  return db
    .select({ id: courses.id, title: courses.title, price: courses.price, validityYears: courses.validityYears })
    .from(courses)
    .orderBy(asc(courses.sortOrder), asc(courses.title));
}

/** The course's validity as it is now, its row locked until the transaction ends; undefined for no such course. */
export async function lockCourseValidity(db: Executor, courseId: string) {
  const [row] = await db.select({ validityYears: courses.validityYears }).from(courses).where(eq(courses.id, courseId)).for('update');
  return row;
}

/** Sets the validity and returns the course as the selects list it. */
export async function writeCourseValidity(db: Executor, courseId: string, validityYears: number | null, now: Date) {
  const [row] = await db
    .update(courses)
    .set({ validityYears, updatedAt: now })
    .where(eq(courses.id, courseId))
    .returning({ id: courses.id, title: courses.title, price: courses.price, validityYears: courses.validityYears });
  return row;
}

export async function findCourse(db: Executor, courseId: string) {
  const [row] = await db.select({ id: courses.id, title: courses.title }).from(courses).where(eq(courses.id, courseId));
  return row;
}
