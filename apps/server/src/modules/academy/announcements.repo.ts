import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cohorts } from '../../db/schema/academy-courses.ts';
import { courseAnnouncements } from '../../db/schema/academy-training.ts';

const announcementColumns = {
  id: courseAnnouncements.id,
  courseId: courseAnnouncements.courseId,
  cohortId: courseAnnouncements.cohortId,
  title: courseAnnouncements.title,
  content: courseAnnouncements.content,
  priority: courseAnnouncements.priority,
  publishedAt: courseAnnouncements.publishedAt,
};

/** Announcements with the first day of the cohort each is for (null: the whole course). */
function selectAnnouncements(db: Executor) {
  return db
    .select({ ...announcementColumns, cohortStartDate: cohorts.startDate })
    .from(courseAnnouncements)
    .leftJoin(cohorts, eq(cohorts.id, courseAnnouncements.cohortId));
}
export type AnnouncementRecord = Awaited<ReturnType<typeof selectAnnouncements>>[number];

export function findCourseAnnouncements(db: Executor, courseId: string) {
  return selectAnnouncements(db)
    .where(eq(courseAnnouncements.courseId, courseId))
    .orderBy(desc(courseAnnouncements.publishedAt), desc(courseAnnouncements.id));
}

export async function insertAnnouncement(db: Executor, values: typeof courseAnnouncements.$inferInsert): Promise<AnnouncementRecord> {
  const [inserted] = await db.insert(courseAnnouncements).values(values).returning({ id: courseAnnouncements.id });
  const [row] = await selectAnnouncements(db).where(eq(courseAnnouncements.id, inserted!.id));
  return row!;
}

export async function deleteAnnouncement(db: Executor, id: string) {
  const [row] = await db.delete(courseAnnouncements).where(eq(courseAnnouncements.id, id)).returning(announcementColumns);
  return row;
}
