/**
 * The student's own certificates: the list with each one's state today, and their PDF and signed
 * credential as downloads. An admin (academy.manage) may open any; anyone else gets the same 404 as
 * for a certificate that does not exist. A revoked certificate stays listed, but its files are gone
 * from use: 410.
 */
import { can } from '@ops/shared/domain/permissions';
import { nairobiDate } from '@ops/shared/domain/nairobi-time';
import type { StudentCertificateDto } from '@ops/shared/schemas/certificates';
import type { AppDeps, Viewer } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { findCertificateById, findCertificatesOfProfile, stateOf, type CertificateRecord } from '../certificates/certificates.service.ts';
import { credentialFile } from '../certificates/credential.ts';
import { findStoredFile, openStoredFile, type StoredFileRow } from '../files/files.service.ts';
import type { StoredObject } from '../../providers/files/file-store.ts';

export const STUDENT_CERTIFICATE_TEXTS = {
  notFound: 'This certificate could not be found.',
  revoked: 'This certificate has been revoked.',
} as const;

const base = '/api/student/certificates';

export function toStudentCertificate(row: CertificateRecord, today: string): StudentCertificateDto {
  return {
    id: row.id,
    certificateRef: row.certificateRef,
    courseName: row.courseName,
    issueDate: row.issueDate,
    expiresOn: row.expiresOn,
    state: stateOf(row, today),
    cobranded: row.cobranded,
    pdfUrl: `${base}/${row.id}/pdf`,
    credentialUrl: `${base}/${row.id}/credential`,
  };
}

export async function listOwnCertificates(deps: Pick<AppDeps, 'db' | 'clock'>, profileId: string): Promise<StudentCertificateDto[]> {
  const today = nairobiDate(deps.clock());
  return (await findCertificatesOfProfile(deps.db, profileId)).map((row) => toStudentCertificate(row, today));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The certificate when the viewer owns it or manages the academy; 404 otherwise, 410 when revoked. */
async function openable(deps: Pick<AppDeps, 'db'>, viewer: Viewer, id: string): Promise<CertificateRecord> {
  const row = UUID.test(id) ? await findCertificateById(deps.db, id) : undefined;
  if (!row || (row.profileId !== viewer.profileId && !can(viewer.role, 'academy.manage'))) {
    throw AppError.notFound(STUDENT_CERTIFICATE_TEXTS.notFound);
  }
  if (row.revokedAt) throw new AppError(410, 'GONE', STUDENT_CERTIFICATE_TEXTS.revoked);
  return row;
}

export async function openCertificatePdf(
  deps: Pick<AppDeps, 'db' | 'files' | 'logger'>,
  viewer: Viewer,
  id: string,
): Promise<{ certificate: CertificateRecord; file: StoredFileRow; object: StoredObject }> {
  const certificate = await openable(deps, viewer, id);
  const file = certificate.fileId ? await findStoredFile(deps.db, certificate.fileId) : null;
  if (!file) throw AppError.notFound(STUDENT_CERTIFICATE_TEXTS.notFound);
  return { certificate, file, object: await openStoredFile(deps, file) };
}

/** The credential file's text, `{ref}.credential.json`. */
export async function certificateCredential(
  deps: Pick<AppDeps, 'db' | 'config'>,
  viewer: Viewer,
  id: string,
): Promise<{ certificateRef: string; text: string }> {
  const certificate = await openable(deps, viewer, id);
  if (!certificate.credentialJwt) throw AppError.notFound(STUDENT_CERTIFICATE_TEXTS.notFound);
  return { certificateRef: certificate.certificateRef, text: credentialFile(certificate.credentialJwt, deps.config.appUrl.replace(/\/+$/, '')) };
}
