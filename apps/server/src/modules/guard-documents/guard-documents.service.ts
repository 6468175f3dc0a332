/**
 * A guard's documents (CV, police clearance, PSRA licence, certificates) and credentials. The
 * guard keeps one CV, one clearance and one licence (a new upload replaces the old one, whose
 * bytes are removed once the change has committed) and up to GUARD_CERTIFICATES_MAX certificates.
 * Only the guard and admins read them.
 */
import { credentialStatuses } from '@ops/shared/domain/guard-credentials';
import { nairobiDate } from '@ops/shared/domain/nairobi-time';
import {
  GUARD_CERTIFICATES_MAX,
  GUARD_DOCUMENT_MESSAGES,
  type GuardCredentialsDto,
  type GuardCredentialsValues,
  type GuardDocumentDto,
  type GuardDocumentKind,
} from '@ops/shared/schemas/guard-documents';
import type { Executor } from '../../db/client.ts';
import type { Viewer } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { ReceivedUpload } from '../files/file-upload.ts';
import {
  deleteStoredFile,
  findStoredFile,
  findStoredFiles,
  removeStoredBytes,
  saveUploadedFile,
  storeKeyOf,
  type FileDeps,
  type StoredFileRow,
} from '../files/files.service.ts';
import {
  findGuardCredentials,
  findGuardDocumentLinks,
  findGuardHoldingFile,
  setCertificateFileIds,
  setSingleDocument,
  updateGuardCredentials as writeGuardCredentials,
  type GuardCredentialRow,
  type GuardDocumentLinks,
  type SingleDocumentColumn,
} from './guard-documents.repo.ts';

export const GUARD_DOCUMENTS_BUCKET = 'guard-documents';

const SINGLE_DOCUMENTS: Record<Exclude<GuardDocumentKind, 'certificate'>, SingleDocumentColumn> = {
  cv: 'cvFileId',
  psra_licence: 'psraLicenceFileId',
  police_clearance: 'policeClearanceFileId',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const noSuchGuard = () => AppError.notFound('No such guard.');

/** Each of the guard's files with its kind, in the order they are shown: CV, licence, clearance, then certificates as added. */
export function documentKinds(links: GuardDocumentLinks): [string, GuardDocumentKind][] {
  const singles = (Object.entries(SINGLE_DOCUMENTS) as [GuardDocumentKind, SingleDocumentColumn][])
    .map(([kind, column]) => [links[column], kind] as const)
    .filter((entry): entry is [string, GuardDocumentKind] => entry[0] !== null);
  return [...singles, ...links.certificateFileIds.map((id): [string, GuardDocumentKind] => [id, 'certificate'])];
}

export const guardDocumentUrl = (fileId: string) => `/api/guard-documents/${fileId}`;

function toDto(row: StoredFileRow, kind: GuardDocumentKind): GuardDocumentDto {
  return {
    id: row.id,
    kind,
    originalName: row.originalName,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    createdAt: row.createdAt.toISOString(),
    url: guardDocumentUrl(row.id),
  };
}

/** The guard's documents, for the guard's own page and the office's view of the officer. 404 for a profile that is not a guard. */
export async function listGuardDocuments(db: Executor, guardProfileId: string): Promise<GuardDocumentDto[]> {
  const links = await findGuardDocumentLinks(db, guardProfileId);
  if (!links) throw noSuchGuard();
  const kinds = documentKinds(links);
  const rows = new Map(
    (
      await findStoredFiles(
        db,
        kinds.map(([id]) => id),
      )
    ).map((row) => [row.id, row]),
  );
  return kinds.flatMap(([id, kind]) => {
    const row = rows.get(id);
    return row ? [toDto(row, kind)] : [];
  });
}

function credentialsDto(row: GuardCredentialRow, today: string): GuardCredentialsDto {
  return { ...row, statuses: credentialStatuses(row, today) };
}

/** The guard's PSRA licence and police clearance and their state on `today` (a Nairobi calendar day). 404 for a profile that is not a guard. */
export async function getGuardCredentials(db: Executor, guardProfileId: string, today: string = nairobiDate(new Date())): Promise<GuardCredentialsDto> {
  const row = await findGuardCredentials(db, guardProfileId);
  if (!row) throw noSuchGuard();
  return credentialsDto(row, today);
}

export async function updateGuardCredentials(
  db: Executor,
  guardProfileId: string,
  values: GuardCredentialsValues,
  today: string,
): Promise<GuardCredentialsDto> {
  const row = await writeGuardCredentials(db, guardProfileId, values);
  if (!row) throw noSuchGuard();
  return credentialsDto(row, today);
}

/** Stores an upload as one of the guard's documents; a CV, clearance or licence replaces the one before. */
export async function addGuardDocument(
  deps: FileDeps,
  guardProfileId: string,
  kind: GuardDocumentKind,
  upload: ReceivedUpload,
): Promise<GuardDocumentDto> {
  const { row, linked: replaced } = await saveUploadedFile(
    deps,
    upload,
    { bucket: GUARD_DOCUMENTS_BUCKET, ownerProfileId: guardProfileId },
    async (tx, file): Promise<StoredFileRow | null> => {
      const links = await findGuardDocumentLinks(tx, guardProfileId, { lock: true });
      if (!links) throw noSuchGuard();
      if (kind === 'certificate') {
        const message = GUARD_DOCUMENT_MESSAGES.tooManyCertificates;
        if (links.certificateFileIds.length >= GUARD_CERTIFICATES_MAX) throw AppError.conflict(message, { file: message });
        await setCertificateFileIds(tx, guardProfileId, [...links.certificateFileIds, file.id]);
        return null;
      }
      const column = SINGLE_DOCUMENTS[kind];
      const previous = links[column];
      await setSingleDocument(tx, guardProfileId, column, file.id);
      return previous ? deleteStoredFile(tx, previous) : null;
    },
  );
  if (replaced) await removeStoredBytes(deps, [storeKeyOf(replaced)]);
  return toDto(row, kind);
}

/** Removes one of the guard's own documents; 404 when it is not theirs. */
export async function removeGuardDocument(deps: FileDeps, guardProfileId: string, fileId: string): Promise<void> {
  if (!UUID.test(fileId)) throw AppError.notFound('No such document.');
  const removed = await deps.db.transaction(async (tx) => {
    const links = await findGuardDocumentLinks(tx, guardProfileId, { lock: true });
    const kind = links && documentKinds(links).find(([id]) => id === fileId)?.[1];
    if (!links || !kind) throw AppError.notFound('No such document.');
    if (kind === 'certificate')
      await setCertificateFileIds(
        tx,
        guardProfileId,
        links.certificateFileIds.filter((id) => id !== fileId),
      );
    else await setSingleDocument(tx, guardProfileId, SINGLE_DOCUMENTS[kind], null);
    return deleteStoredFile(tx, fileId);
  });
  if (removed) await removeStoredBytes(deps, [storeKeyOf(removed)]);
}

export interface ReadableGuardDocument {
  file: StoredFileRow;
  kind: GuardDocumentKind;
  guardProfileId: string;
}

/**
 * A document the viewer may read: their own as a guard, anyone's as an admin. Anyone else is told
 * it does not exist, so a document's id reveals nothing.
 */
export async function findReadableGuardDocument(db: Executor, viewer: Viewer, fileId: string): Promise<ReadableGuardDocument> {
  const notFound = AppError.notFound('No such document.');
  if (!UUID.test(fileId)) throw notFound;
  const holder = await findGuardHoldingFile(db, fileId);
  if (!holder || (viewer.role !== 'admin' && holder.profileId !== viewer.profileId)) throw notFound;
  const kind = documentKinds(holder).find(([id]) => id === fileId)?.[1];
  const file = await findStoredFile(db, fileId);
  if (!kind || !file || file.bucket !== GUARD_DOCUMENTS_BUCKET) throw notFound;
  return { file, kind, guardProfileId: holder.profileId };
}
