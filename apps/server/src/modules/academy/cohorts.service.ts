/**
 * The console's cohorts: created, edited and deleted with their audit rows in the same transaction,
 * never their seat count, which the enrolment lifecycle owns.
 */
import { auditDateFitsCohort, auditedStartMessage } from '@ops/shared/domain/cohort-audit';
import {
  capacityBelowTakenMessage,
  cohortHasEnrollmentsMessage,
  COURSE_CHANGE_MESSAGE,
  type AdminCohortRow,
  type CohortValues,
} from '@ops/shared/schemas/admin-cohorts';
import type { Executor } from '../../db/client.ts';
import type { ConsoleActionContext } from '../../lib/console-action.ts';
import type { AppDeps } from '../../lib/context.ts';
import { isCheckViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { deleteCohortFiles, removeStoredBytes, storeKeyOf, type StoredFileRow } from '../files/files.service.ts';
import {
  countCohortEnrollments,
  deleteCohort as removeCohortRow,
  findCohort,
  findCohorts,
  insertCohort,
  lockCohort,
  updateCohort as writeCohort,
  type CohortRecord,
  type CohortWrite,
} from './cohorts.repo.ts';
import { requireCourse } from './courses-console.service.ts';

const notFound = (what: string) => AppError.notFound(`${what} not found`);

/** An enrolment row still points at the cohort (enrollments_cohort_id_fkey, on delete restrict). */
function isEnrollmentReference(err: unknown): boolean {
  for (let current = err, depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const fields = current as { code?: unknown; cause?: unknown };
    if (fields.code === '23503') return true;
    current = fields.cause;
  }
  return false;
}

export function toCohortRow(row: CohortRecord): AdminCohortRow {
  return { ...row, auditedAt: row.auditedAt?.toISOString() ?? null };
}

export async function listCohorts(db: Executor): Promise<AdminCohortRow[]> {
  return (await findCohorts(db)).map(toCohortRow);
}

async function readCohort(db: Executor, id: string): Promise<AdminCohortRow> {
  const row = await findCohort(db, id);
  if (!row) throw notFound('Cohort');
  return toCohortRow(row);
}

const cohortWrite = (values: CohortValues): CohortWrite => ({
  courseId: values.courseId,
  startDate: values.startDate,
  endDate: values.endDate,
  capacity: values.capacity,
  status: values.status,
  instructor: values.instructor,
  location: values.location,
  notes: values.notes,
});

const auditedCohort = (row: AdminCohortRow) => ({
  courseId: row.courseId,
  startDate: row.startDate,
  endDate: row.endDate,
  capacity: row.capacity,
  status: row.status,
  instructor: row.instructor,
  location: row.location,
  notes: row.notes,
});

export async function createCohort(ctx: ConsoleActionContext, values: CohortValues): Promise<AdminCohortRow> {
  return ctx.db.transaction(async (tx) => {
    await requireCourse(tx, values.courseId);
    const id = await insertCohort(tx, cohortWrite(values));
    const row = await readCohort(tx, id);
    await recordAudit(tx, { actor: ctx.actor, action: 'cohort.create', recordType: 'cohort', recordId: id, after: auditedCohort(row), at: ctx.now });
    return row;
  });
}

/**
 * Edits a cohort. Its capacity never drops below the seats already taken (the lifecycle takes
 * seats under the same row lock, and the table's check stands behind it), and a cohort with
 * enrolments keeps its course.
 */
export async function updateCohort(ctx: ConsoleActionContext, id: string, values: CohortValues): Promise<AdminCohortRow> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const locked = await lockCohort(tx, id);
      if (!locked) throw notFound('Cohort');
      const before = await readCohort(tx, id);
      if (values.capacity < locked.enrolledCount) {
        const message = capacityBelowTakenMessage(locked.enrolledCount);
        throw AppError.conflict(message, { capacity: message });
      }
      // The partner's audit vouches for the cohort from its first day: the start cannot move past it.
      if (before.auditedAt && !auditDateFitsCohort(new Date(before.auditedAt), values.startDate)) {
        const message = auditedStartMessage(new Date(before.auditedAt));
        throw AppError.conflict(message, { startDate: message });
      }
      if (values.courseId !== locked.courseId) {
        await requireCourse(tx, values.courseId);
        if ((await countCohortEnrollments(tx, id)) > 0) throw AppError.conflict(COURSE_CHANGE_MESSAGE, { courseId: COURSE_CHANGE_MESSAGE });
      }
      await writeCohort(tx, id, cohortWrite(values), ctx.now);
      const after = await readCohort(tx, id);
      await recordAudit(tx, {
        actor: ctx.actor,
        action: 'cohort.update',
        recordType: 'cohort',
        recordId: id,
        before: auditedCohort(before),
        after: auditedCohort(after),
        at: ctx.now,
      });
      return after;
    });
  } catch (err) {
    if (isCheckViolation(err, 'cohorts_capacity_check')) {
      const row = await findCohort(ctx.db, id);
      const message = capacityBelowTakenMessage(row?.enrolledCount ?? values.capacity + 1);
      throw AppError.conflict(message, { capacity: message });
    }
    throw err;
  }
}

/** Deletes a cohort that nobody ever enrolled in (its sessions go with it). */
/** A cohort without enrolments goes with its instructor CVs and facility photos (rows in its transaction, bytes after). */
export async function deleteCohort(deps: Pick<AppDeps, 'files' | 'logger'>, ctx: ConsoleActionContext, id: string): Promise<void> {
  let removedFiles: StoredFileRow[] = [];
  try {
    await ctx.db.transaction(async (tx) => {
      const locked = await lockCohort(tx, id);
      if (!locked) throw notFound('Cohort');
      const before = await readCohort(tx, id);
      const enrolled = await countCohortEnrollments(tx, id);
      if (enrolled > 0) throw AppError.conflict(cohortHasEnrollmentsMessage(enrolled));
      removedFiles = await deleteCohortFiles(tx, id);
      await removeCohortRow(tx, id);
      await recordAudit(tx, {
        actor: ctx.actor,
        action: 'cohort.delete',
        recordType: 'cohort',
        recordId: id,
        before: { ...auditedCohort(before), files: removedFiles.map((f) => ({ bucket: f.bucket, name: f.originalName })) },
        at: ctx.now,
      });
    });
  } catch (err) {
    // An enrolment arrived between the count and the delete.
    if (isEnrollmentReference(err)) throw AppError.conflict(cohortHasEnrollmentsMessage(await countCohortEnrollments(ctx.db, id)));
    throw err;
  }
  if (removedFiles.length > 0) await removeStoredBytes(deps, removedFiles.map(storeKeyOf));
}
