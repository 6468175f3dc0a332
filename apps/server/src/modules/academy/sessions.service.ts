/** A course's sessions (its timetable, in Nairobi time), each tied to one cohort or to the whole course. */
import { nairobiDate, nairobiInstant, nairobiTimeOfDay } from '@ops/shared/domain/nairobi-time';
import type { AdminSessionRow, SessionValues } from '@ops/shared/schemas/admin-course-content';
import type { Executor, Transaction } from '../../db/client.ts';
import type { ConsoleActionContext } from '../../lib/console-action.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findCohortCourse } from './cohorts.repo.ts';
import { requireCourse } from './courses-console.service.ts';
import {
  deleteSession as removeSessionRow,
  findCourseSessions,
  findSession,
  insertSession,
  updateSession as writeSession,
  type SessionRecord,
  type SessionWrite,
} from './sessions.repo.ts';

const notFound = (what: string) => AppError.notFound(`${what} not found`);

export function toSessionRow(row: SessionRecord): AdminSessionRow {
  const date = nairobiDate(row.sessionDate);
  const time = nairobiTimeOfDay(row.sessionDate);
  return {
    id: row.id,
    courseId: row.courseId,
    cohortId: row.cohortId,
    cohortStartDate: row.cohortStartDate,
    title: row.title,
    description: row.description,
    sessionDate: row.sessionDate.toISOString(),
    date,
    time,
    durationHours: Number(row.durationHours),
    location: row.location,
    instructor: row.instructor,
  };
}

export async function listSessions(db: Executor, courseId: string): Promise<AdminSessionRow[]> {
  return (await findCourseSessions(db, courseId)).map(toSessionRow);
}

async function sessionWrite(tx: Transaction, values: SessionValues): Promise<SessionWrite> {
  await requireCourse(tx, values.courseId);
  if (values.cohortId) {
    const cohort = await findCohortCourse(tx, values.cohortId);
    if (!cohort || cohort.courseId !== values.courseId) {
      throw AppError.validation({ cohortId: 'Choose a cohort of this course' }, 'Choose a cohort of this course');
    }
  }
  return {
    courseId: values.courseId,
    cohortId: values.cohortId,
    sessionTitle: values.title,
    sessionDescription: values.description,
    sessionDate: nairobiInstant(values.date, values.time),
    durationHours: values.durationHours,
    location: values.location,
    instructor: values.instructor,
  };
}

async function readSession(db: Executor, id: string): Promise<AdminSessionRow> {
  const row = await findSession(db, id);
  if (!row) throw notFound('Session');
  return toSessionRow(row);
}

const auditedSession = (row: AdminSessionRow) => ({
  courseId: row.courseId,
  cohortId: row.cohortId,
  title: row.title,
  sessionDate: row.sessionDate,
  durationHours: row.durationHours,
  location: row.location,
  instructor: row.instructor,
});

export async function createSession(ctx: ConsoleActionContext, values: SessionValues): Promise<AdminSessionRow> {
  return ctx.db.transaction(async (tx) => {
    const id = await insertSession(tx, await sessionWrite(tx, values));
    const row = await readSession(tx, id);
    await recordAudit(tx, { actor: ctx.actor, action: 'session.create', recordType: 'session', recordId: id, after: auditedSession(row), at: ctx.now });
    return row;
  });
}

export async function updateSession(ctx: ConsoleActionContext, id: string, values: SessionValues): Promise<AdminSessionRow> {
  return ctx.db.transaction(async (tx) => {
    const before = await readSession(tx, id);
    await writeSession(tx, id, await sessionWrite(tx, values));
    const after = await readSession(tx, id);
    await recordAudit(tx, {
      actor: ctx.actor,
      action: 'session.update',
      recordType: 'session',
      recordId: id,
      before: auditedSession(before),
      after: auditedSession(after),
      at: ctx.now,
    });
    return after;
  });
}

export async function deleteSession(ctx: ConsoleActionContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await readSession(tx, id);
    await removeSessionRow(tx, id);
    await recordAudit(tx, {
      actor: ctx.actor,
      action: 'session.delete',
      recordType: 'session',
      recordId: id,
      before: auditedSession(before),
      at: ctx.now,
    });
  });
}
