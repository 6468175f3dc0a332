/**
 * Stored files: the bytes in the file store under `<bucket>/<generated key>`, the facts in
 * stored_files. The bytes go in first and the row after, in the caller's transaction; if that
 * transaction fails the bytes are removed again, so no row ever points at nothing. Removing works
 * the other way round: the row goes in a transaction, the bytes after it commits.
 */
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { FILE_BUCKETS } from '@ops/shared/constants';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import type { FileStore, StoredObject } from '../../providers/files/file-store.ts';
import type { ReceivedUpload } from './file-upload.ts';
import { deleteStoredFile, insertStoredFile, type StoredFileRow } from './files.repo.ts';

export type FileBucket = (typeof FILE_BUCKETS)[number];

export interface FileDeps {
  db: Database;
  files: FileStore;
  logger: Logger;
}

export interface NewStoredFile {
  bucket: FileBucket;
  ownerProfileId: string | null;
  courseId?: string | null;
  originalName: string;
  contentType: string;
  sizeBytes: number;
}

/** Where a file's bytes live in the store. */
export const storeKeyOf = (file: Pick<StoredFileRow, 'bucket' | 'key'>): string => `${file.bucket}/${file.key}`;

/**
 * Stores `body` as a new file and, in one transaction, writes its row and runs `link` (which ties
 * the file to whatever it belongs to and may refuse by throwing). On any failure the bytes are
 * removed and the error is passed on.
 */
export async function saveStoredFile<T>(
  deps: FileDeps,
  file: NewStoredFile,
  body: Readable | Uint8Array,
  link: (tx: Transaction, row: StoredFileRow) => Promise<T>,
): Promise<{ row: StoredFileRow; linked: T }> {
  const key = crypto.randomUUID();
  const storeKey = `${file.bucket}/${key}`;
  await deps.files.put(storeKey, body, { contentType: file.contentType, size: file.sizeBytes });
  try {
    return await deps.db.transaction(async (tx) => {
      const row = await insertStoredFile(tx, { ...file, courseId: file.courseId ?? null, key });
      return { row, linked: await link(tx, row) };
    });
  } catch (err) {
    await removeStoredBytes(deps, [storeKey]);
    throw err;
  }
}

/**
 * saveStoredFile for several files that belong to one record: the bytes of each go in first, then
 * one transaction writes every row and runs `link`; on any failure all the bytes are removed.
 */
export async function saveStoredFiles<T>(
  deps: FileDeps,
  files: readonly { file: NewStoredFile; body: Uint8Array }[],
  link: (tx: Transaction, rows: StoredFileRow[]) => Promise<T>,
): Promise<T> {
  const stored: { key: string; file: NewStoredFile }[] = [];
  try {
    for (const { file, body } of files) {
      const key = crypto.randomUUID();
      await deps.files.put(`${file.bucket}/${key}`, body, { contentType: file.contentType, size: file.sizeBytes });
      stored.push({ key, file });
    }
    return await deps.db.transaction(async (tx) => {
      const rows: StoredFileRow[] = [];
      for (const { key, file } of stored) rows.push(await insertStoredFile(tx, { ...file, courseId: file.courseId ?? null, key }));
      return link(tx, rows);
    });
  } catch (err) {
    await removeStoredBytes(
      deps,
      stored.map((s) => `${s.file.bucket}/${s.key}`),
    );
    throw err;
  }
}

/** saveStoredFile for a checked upload (see file-upload.ts); the temporary copy is removed either way. */
export async function saveUploadedFile<T>(
  deps: FileDeps,
  upload: ReceivedUpload,
  file: Pick<NewStoredFile, 'bucket' | 'ownerProfileId' | 'courseId'>,
  link: (tx: Transaction, row: StoredFileRow) => Promise<T>,
): Promise<{ row: StoredFileRow; linked: T }> {
  try {
    const { path, size, contentType, originalName } = upload.file;
    return await saveStoredFile(deps, { ...file, originalName, contentType, sizeBytes: size }, createReadStream(path), link);
  } finally {
    await upload.discard();
  }
}

/**
 * Deletes a file's row in the caller's transaction and returns where its bytes are, to pass to
 * removeStoredBytes once that transaction commits; null when there is no such file.
 */
export async function forgetStoredFile(tx: Executor, id: string): Promise<string | null> {
  const gone = await deleteStoredFile(tx, id);
  return gone ? storeKeyOf(gone) : null;
}

/**
 * Removes bytes whose rows are gone (call after the transaction that removed them commits). A
 * failure is logged, not thrown: the person's change has happened, and bytes no row points at
 * are never served.
 */
export async function removeStoredBytes(deps: Pick<FileDeps, 'files' | 'logger'>, storeKeys: readonly string[]): Promise<void> {
  for (const key of storeKeys) {
    try {
      await deps.files.delete(key);
    } catch (err) {
      deps.logger.warn({ err, key }, 'file bytes could not be removed; no record points at them');
    }
  }
}

/** The bytes of a stored file, or 404 when the store has lost them (logged: that should not happen). */
export async function openStoredFile(deps: Pick<FileDeps, 'files' | 'logger'>, row: StoredFileRow): Promise<StoredObject> {
  const found = await deps.files.get(storeKeyOf(row));
  if (!found) {
    deps.logger.error({ fileId: row.id, key: storeKeyOf(row) }, 'stored file has a record but no bytes');
    throw AppError.notFound('This file is not available.');
  }
  return found;
}

// A module that owns files (a course's materials, a cohort's CVs, a submission) reads and removes
// their rows in its own transactions, beside its audit rows; these are the ones it may use.
export { deleteCohortFiles, deleteStoredFile, findStoredFile, findStoredFiles, type StoredFileRow } from './files.repo.ts';
