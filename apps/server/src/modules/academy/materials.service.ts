/** A course's materials, uploaded from the console: the bytes in the file store, each change audited. */
import type { AdminMaterialRow } from '@ops/shared/schemas/admin-course-content';
import type { Executor } from '../../db/client.ts';
import type { ConsoleActionContext } from '../../lib/console-action.ts';
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { ReceivedUpload } from '../files/file-upload.ts';
import { deleteStoredFile, removeStoredBytes, saveUploadedFile, storeKeyOf, type StoredFileRow } from '../files/files.service.ts';
import { findCourse } from './courses-console.repo.ts';
import { COURSE_MATERIALS_BUCKET, findCourseMaterials, findMaterial } from './materials.repo.ts';

type TrainingDeps = Pick<AppDeps, 'db' | 'jobs' | 'logger' | 'clock' | 'files'>;

const notFound = (what: string) => AppError.notFound(`${what} not found`);

export const materialUrl = (id: string) => `/api/admin/training/materials/${id}`;

export const toMaterialRow = (row: StoredFileRow): AdminMaterialRow => ({
  id: row.id,
  courseId: row.courseId ?? '',
  name: row.originalName,
  contentType: row.contentType,
  sizeBytes: row.sizeBytes,
  createdAt: row.createdAt.toISOString(),
  url: materialUrl(row.id),
});

export async function listMaterials(db: Executor, courseId: string): Promise<AdminMaterialRow[]> {
  return (await findCourseMaterials(db, courseId)).map(toMaterialRow);
}

/** Stores an upload as one of the course's materials (the bytes first; the row and its audit row together). */
export async function addMaterial(deps: TrainingDeps, ctx: ConsoleActionContext, courseId: string, upload: ReceivedUpload): Promise<AdminMaterialRow> {
  if (!(await findCourse(deps.db, courseId))) {
    await upload.discard();
    throw notFound('Course');
  }
  const { row } = await saveUploadedFile(
    deps,
    upload,
    { bucket: COURSE_MATERIALS_BUCKET, ownerProfileId: ctx.actor.profileId, courseId },
    async (tx, file) => {
      await recordAudit(tx, {
        actor: ctx.actor,
        action: 'material.upload',
        recordType: 'material',
        recordId: file.id,
        after: { courseId, name: file.originalName, contentType: file.contentType, sizeBytes: file.sizeBytes },
        at: ctx.now,
      });
    },
  );
  return toMaterialRow(row);
}

/** Removes a material: its row with the audit row, then its bytes once that has committed. */
export async function deleteMaterial(deps: TrainingDeps, ctx: ConsoleActionContext, id: string): Promise<void> {
  const removed = await deps.db.transaction(async (tx) => {
    const file = await findMaterial(tx, id);
    if (!file) throw notFound('Material');
    const gone = await deleteStoredFile(tx, id);
    await recordAudit(tx, {
      actor: ctx.actor,
      action: 'material.delete',
      recordType: 'material',
      recordId: id,
      before: { courseId: file.courseId, name: file.originalName, sizeBytes: file.sizeBytes },
      at: ctx.now,
    });
    return gone;
  });
  if (removed) await removeStoredBytes(deps, [storeKeyOf(removed)]);
}

export async function findMaterialFile(db: Executor, id: string): Promise<StoredFileRow> {
  const file = await findMaterial(db, id);
  if (!file) throw notFound('Material');
  return file;
}
