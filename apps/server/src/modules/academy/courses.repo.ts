import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cohorts, courses } from '../../db/schema/academy-courses.ts';

export type CourseRow = typeof courses.$inferSelect;
export type CohortRow = typeof cohorts.$inferSelect;

/** How many upcoming cohorts a course page lists. */
export const UPCOMING_COHORTS_SHOWN = 6;

const cardColumns = {
  id: courses.id,
  title: courses.title,
  tagline: courses.tagline,
  level: courses.level,
  durationWeeks: courses.durationWeeks,
  price: courses.price,
  accreditation: courses.accreditation,
  category: courses.category,
};

/** The earliest start on or after `today` (a Nairobi calendar day) of the course's cohorts. */
// Written out with an alias: inside a select list Drizzle leaves columns unqualified, and the
// subquery's "id" would be the cohort's.
const nextStartOf = (today: string) =>
  sql<string | null>`(select min(next.start_date) from cohorts as next where next.course_id = courses.id and next.start_date >= ${today})`;

/** The published courses in catalogue order, each with its next start. */
export async function listPublishedCourses(db: Executor, today: string) {
  return db
    .select({ ...cardColumns, nextStart: nextStartOf(today) })
    .from(courses)
    .where(eq(courses.published, true))
    .orderBy(asc(courses.sortOrder), asc(courses.id));
}

export async function findPublishedCourse(db: Executor, id: string): Promise<CourseRow | null> {
  const [row] = await db
    .select()
    .from(courses)
    .where(and(eq(courses.id, id), eq(courses.published, true)));
  return row ?? null;
}

/** The course's cohorts starting on or after `today`, earliest first. */
export async function listUpcomingCohorts(db: Executor, courseId: string, today: string, limit = UPCOMING_COHORTS_SHOWN) {
  return db
    .select({
      id: cohorts.id,
      status: cohorts.status,
      startDate: cohorts.startDate,
      endDate: cohorts.endDate,
      location: cohorts.location,
      capacity: cohorts.capacity,
      enrolledCount: cohorts.enrolledCount,
    })
    .from(cohorts)
    .where(and(eq(cohorts.courseId, courseId), gte(cohorts.startDate, today)))
    .orderBy(asc(cohorts.startDate), asc(cohorts.createdAt), asc(cohorts.id))
    .limit(limit);
}
export type UpcomingCohortRow = Awaited<ReturnType<typeof listUpcomingCohorts>>[number];
