/**
 * A cohort's instructor CVs and facility photos, uploaded by admins for the accrediting partner's
 * review. The bytes go through the file store; each row carries its cohort and the cohort's course,
 * and every upload and removal leaves an audit row in the same transaction.
 */
import { COHORT_FILE_BUCKETS, type CohortFileKind, type CohortFilesDto, type UploadedCohortFileDto } from '@ops/shared/schemas/partner';
import type { Executor } from '../../db/client.ts';
import type { ConsoleActionContext } from '../../lib/console-action.ts';
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { ReceivedUpload } from '../files/file-upload.ts';
import { deleteStoredFile, removeStoredBytes, saveUploadedFile, storeKeyOf, type StoredFileRow } from '../files/files.service.ts';
import { listFilesOfCohort } from '../partner/partner.service.ts';
import { attachToCohort, findCohortFile } from './cohort-files.repo.ts';
import { findCohortCourse } from './cohorts.repo.ts';

type FileDeps = Pick<AppDeps, 'db' | 'logger' | 'files'>;

const kindOf = (bucket: string): CohortFileKind => (bucket === COHORT_FILE_BUCKETS.cv ? 'cv' : 'photo');

export async function listCohortFiles(db: Executor, cohortId: string): Promise<CohortFilesDto> {
  if (!(await findCohortCourse(db, cohortId))) throw AppError.notFound('Cohort not found');
  return listFilesOfCohort(db, cohortId);
}

/** Stores the upload as the cohort's CV or photo (the bytes first; the row and its audit row together). */
export async function addCohortFile(
  deps: FileDeps,
  ctx: ConsoleActionContext,
  cohortId: string,
  kind: CohortFileKind,
  upload: ReceivedUpload,
): Promise<UploadedCohortFileDto> {
  const cohort = await findCohortCourse(deps.db, cohortId);
  if (!cohort) {
    await upload.discard();
    throw AppError.notFound('Cohort not found');
  }
  const { linked } = await saveUploadedFile(
    deps,
    upload,
    { bucket: COHORT_FILE_BUCKETS[kind], ownerProfileId: ctx.actor.profileId, courseId: cohort.courseId },
    async (tx, file) => {
      const row = await attachToCohort(tx, file.id, cohortId);
      await recordAudit(tx, {
        actor: ctx.actor,
        action: 'cohort.file_upload',
        recordType: 'cohort',
        recordId: cohortId,
        after: { fileId: file.id, kind, name: file.originalName, contentType: file.contentType, sizeBytes: file.sizeBytes },
        at: ctx.now,
      });
      return row;
    },
  );
  return { id: linked.id, name: linked.originalName, sizeBytes: linked.sizeBytes, kind };
}

/** Removes a CV or photo: its row with the audit row, then its bytes once that has committed. */
export async function deleteCohortFile(deps: FileDeps, ctx: ConsoleActionContext, fileId: string): Promise<void> {
  const removed = await deps.db.transaction(async (tx) => {
    const file = await findCohortFile(tx, fileId);
    if (!file) throw AppError.notFound('File not found');
    const gone = await deleteStoredFile(tx, fileId);
    await recordAudit(tx, {
      actor: ctx.actor,
      action: 'cohort.file_delete',
      recordType: 'cohort',
      recordId: file.cohortId,
      before: { fileId, kind: kindOf(file.bucket), name: file.originalName, sizeBytes: file.sizeBytes },
      at: ctx.now,
    });
    return gone;
  });
  if (removed) await removeStoredBytes(deps, [storeKeyOf(removed)]);
}

export async function findCohortFileForRead(db: Executor, fileId: string): Promise<StoredFileRow> {
  const file = await findCohortFile(db, fileId);
  if (!file) throw AppError.notFound('File not found');
  return file;
}
