/** A course's announcements, published from the console to the whole course or one of its cohorts. */
import type { AdminAnnouncementRow, AnnouncementValues } from '@ops/shared/schemas/admin-course-content';
import type { Executor } from '../../db/client.ts';
import type { ConsoleActionContext } from '../../lib/console-action.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  deleteAnnouncement as removeAnnouncementRow,
  findCourseAnnouncements,
  insertAnnouncement,
  type AnnouncementRecord,
} from './announcements.repo.ts';
import { findCohortCourse } from './cohorts.repo.ts';
import { findCourse } from './courses-console.repo.ts';

const notFound = (what: string) => AppError.notFound(`${what} not found`);

const toAnnouncementRow = (row: AnnouncementRecord): AdminAnnouncementRow => ({ ...row, publishedAt: row.publishedAt.toISOString() });

export async function listAnnouncements(db: Executor, courseId: string): Promise<AdminAnnouncementRow[]> {
  return (await findCourseAnnouncements(db, courseId)).map(toAnnouncementRow);
}

/** Publishes an announcement to the whole course, or to one of its cohorts (whose students alone read it). */
export async function createAnnouncement(ctx: ConsoleActionContext, courseId: string, values: AnnouncementValues): Promise<AdminAnnouncementRow> {
  return ctx.db.transaction(async (tx) => {
    if (!(await findCourse(tx, courseId))) throw notFound('Course');
    if (values.cohortId) {
      const cohort = await findCohortCourse(tx, values.cohortId);
      if (!cohort || cohort.courseId !== courseId) {
        throw AppError.validation({ cohortId: 'Choose a cohort of this course' }, 'Choose a cohort of this course');
      }
    }
    const row = await insertAnnouncement(tx, { courseId, ...values, publishedAt: ctx.now, authorProfileId: ctx.actor.profileId });
    await recordAudit(tx, {
      actor: ctx.actor,
      action: 'announcement.create',
      recordType: 'announcement',
      recordId: row.id,
      after: { courseId, cohortId: row.cohortId, title: row.title, priority: row.priority },
      at: ctx.now,
    });
    return toAnnouncementRow(row);
  });
}

export async function deleteAnnouncement(ctx: ConsoleActionContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await removeAnnouncementRow(tx, id);
    if (!row) throw notFound('Announcement');
    await recordAudit(tx, {
      actor: ctx.actor,
      action: 'announcement.delete',
      recordType: 'announcement',
      recordId: id,
      before: { courseId: row.courseId, cohortId: row.cohortId, title: row.title, priority: row.priority },
      at: ctx.now,
    });
  });
}
