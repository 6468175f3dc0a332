/** The console's course picker, and how long each course's certificates hold. */
import type { TrainingCourseOption } from '@ops/shared/schemas/admin-training';
import type { Executor } from '../../db/client.ts';
import type { ConsoleActionContext } from '../../lib/console-action.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findCourse, findCourseOptions, lockCourseValidity, writeCourseValidity } from './courses-console.repo.ts';

const notFound = (what: string) => AppError.notFound(`${what} not found`);

export async function listCourseOptions(db: Executor): Promise<TrainingCourseOption[]> {
  return findCourseOptions(db);
}

/**
 * Sets how many years the course's certificates hold (null: they do not expire), with its audit row.
 * Certificates issued from then on carry the new expiry; those already issued keep theirs.
 */
export async function setCourseValidity(ctx: ConsoleActionContext, courseId: string, validityYears: number | null): Promise<TrainingCourseOption> {
  return ctx.db.transaction(async (tx) => {
    const before = await lockCourseValidity(tx, courseId);
    if (!before) throw notFound('Course');
    const course = await writeCourseValidity(tx, courseId, validityYears, ctx.now);
    if (!course) throw notFound('Course');
    await recordAudit(tx, {
      actor: ctx.actor,
      action: 'course.validity',
      recordType: 'course',
      recordId: courseId,
      before: { validityYears: before.validityYears },
      after: { validityYears },
      at: ctx.now,
    });
    return course;
  });
}

/** The course a cohort or session names; an unknown one is refused on the course field. */
export async function requireCourse(db: Executor, courseId: string) {
  const course = await findCourse(db, courseId);
  if (!course) throw AppError.validation({ courseId: 'Choose a course' }, 'Choose a course');
  return course;
}
