/** How an issued certificate reads in the console: its state today, its expiry, its DTOs, and the texts issuing answers with. */
import type { CertificateState } from '@ops/shared/schemas/certificates';
import { certificateVerifyPagePath, type AdminCertificateDto, type CertificateBatchDto } from '@ops/shared/schemas/certificates';
import { addDaysToDate } from '@ops/shared/domain/nairobi-time';
import type { BatchRecord } from './certificate-batches.repo.ts';
import type { CertificateRecord } from './certificates.repo.ts';

export const CERTIFICATE_NOTICES = {
  ready: (course: string) => `Your certificate for ${course} is ready`,
  revoked: (course: string, reason: string) => `Your certificate for ${course} was revoked: ${reason.replace(/[.!?]?\s*$/, '.')}`,
} as const;

export const CERTIFICATE_ERRORS = {
  unknownEnrollment: 'This enrolment could not be found.',
  noSeat: 'Only a student holding a seat in a cohort can get a certificate.',
  unknownCohort: 'This cohort could not be found.',
  unknownCertificate: 'This certificate could not be found.',
  unknownBatch: 'This certificate run could not be found.',
} as const;

/** The academy as certificates and credentials name it. */
export const academyNameOf = (companyName: string): string => `${companyName} Academy`;

/** The last valid day: the issue date plus the course's validity in years, less one day; null when it never expires. */
export function expiryDateOf(issueDate: string, validityYears: number | null): string | null {
  if (validityYears === null) return null;
  const [y, m, d] = issueDate.split('-').map(Number) as [number, number, number];
  // 29 February plus some years lands on 1 March when that year has no 29th; the day before is 28 February.
  const anniversary = new Date(Date.UTC(y + validityYears, m - 1, d)).toISOString().slice(0, 10);
  return addDaysToDate(anniversary, -1);
}

export function certificateStateOf(row: { revokedAt: Date | null; expiresOn: string | null }, today: string): CertificateState {
  if (row.revokedAt) return 'revoked';
  if (row.expiresOn !== null && row.expiresOn < today) return 'expired';
  return 'valid';
}

export function toAdminCertificate(row: CertificateRecord, today: string): AdminCertificateDto {
  return {
    id: row.id,
    enrollmentId: row.enrollmentId,
    certificateRef: row.certificateRef,
    studentName: row.studentName,
    courseName: row.courseName,
    issueDate: row.issueDate,
    expiresOn: row.expiresOn,
    cobranded: row.cobranded,
    state: certificateStateOf(row, today),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokedReason: row.revokedReason,
    overrideReason: row.overrideReason,
    verifyPath: certificateVerifyPagePath(row.certificateRef),
  };
}

export function toBatchDto(row: BatchRecord): CertificateBatchDto {
  return {
    id: row.id,
    cohortId: row.cohortId,
    status: row.status,
    total: row.total,
    issued: row.issued,
    skipped: row.skipped,
    failed: row.failed,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
