import { z } from 'zod';
import type { CertificateBatchStatus } from '../constants.ts';

/**
 * Certificates: issuing from the console (/api/admin/training/…), the student's own
 * (/api/student/certificates/…), public verification (/api/certificates/…) and the academy's
 * credential issuer profile (/api/credentials/issuer).
 */

/** The accrediting body that audits cohorts and co-brands their certificates. */
export const ACCREDITING_BODY = 'EBSSA';

export const CERTIFICATE_TEXTS = {
  generated: 'Certificate Generated',
  verified: 'Certificate Verified',
  verificationFailed: 'Verification Failed',
  notFound: 'The certificate with this reference number could not be found.',
  /** The verify page's words when a lookup fails without a message of its own (spec §8). */
  notFoundFallback: 'Certificate not found',
  checkAdvice: 'Please check the reference number, or contact the training provider.',
  issuedByProvider: 'This certificate was issued by OPS Security Academy, the training provider.',
  revokedTitle: 'Certificate Revoked',
  expiredTitle: 'Certificate Expired',
  revoked: 'Certificate revoked',
  tooManyChecks: 'Too many verification requests. Please wait a minute and try again.',
  doesNotQualify: 'This student does not qualify for a certificate yet. Give a reason to issue it anyway.',
  alreadyRevoked: 'This certificate has already been revoked.',
} as const;

/** Whether a certificate holds today: valid, past its expiry date, or revoked. */
export type CertificateState = 'valid' | 'expired' | 'revoked';

// ---------------------------------------------------------------- public verification

/** GET /api/certificates/verify/:ref → 200 (valid or expired) or 410 (revoked) with this body; 404 otherwise. */
export interface CertificateVerificationDto {
  certificateRef: string;
  state: CertificateState;
  studentName: string;
  courseId: string;
  courseName: string;
  /** YYYY-MM-DD (Nairobi). */
  issueDate: string;
  /** YYYY-MM-DD, the last valid day; null when the course's certificates do not expire. */
  expiresOn: string | null;
  /** Present when the cohort was audited by the accrediting body. */
  cobrand: { body: string; auditedAt: string } | null;
  /** Present when revoked. */
  revoked: { at: string; reason: string } | null;
  /** The PDF, public through the reference (absent when revoked). */
  pdfUrl: string | null;
}

/** POST /api/certificates/verify-credential: the credential file's text (a VC-JWT, or JSON wrapping one). */
export const CREDENTIAL_MAX_BYTES = 64 * 1024;
export const credentialCheckInput = z.object({
  credential: z
    .string({ error: 'Choose a credential file' })
    .trim()
    .min(1, 'Choose a credential file')
    .max(CREDENTIAL_MAX_BYTES, 'This file is too large to be a credential'),
});
export type CredentialCheckInput = z.infer<typeof credentialCheckInput>;

/** What the verify page says about an uploaded credential: each check on its own line. */
export interface CredentialCheckDto {
  /** The signature matches the academy's published key. */
  signature: boolean;
  /** The issuer named inside is this academy. */
  issuer: boolean;
  /** Not revoked (false when revoked, or when the reference is unknown). */
  notRevoked: boolean;
  /** Within its validity period. */
  notExpired: boolean;
  /** All four hold. */
  valid: boolean;
  /** What the credential says, when the signature holds; null otherwise. */
  certificate: { certificateRef: string; studentName: string; courseName: string; issueDate: string; expiresOn: string | null } | null;
}

// ---------------------------------------------------------------- the student's own

/** GET /api/student/certificates → StudentCertificateDto[] (newest first). */
export interface StudentCertificateDto {
  id: string;
  certificateRef: string;
  courseName: string;
  issueDate: string;
  expiresOn: string | null;
  state: CertificateState;
  cobranded: boolean;
  /** GET, the PDF (owner or admin). */
  pdfUrl: string;
  /** GET, the signed credential as a .json download (owner or admin). */
  credentialUrl: string;
}

// ---------------------------------------------------------------- console: issuing and revoking

/** One student of a cohort in the Certificates tab: whether they qualify, and why not. */
export interface CertificateCandidateDto {
  enrollmentId: string;
  studentName: string;
  email: string | null;
  paid: boolean;
  /** Share of recorded sessions attended (present or late; excused left out), 0–100; null when none recorded. */
  attendancePercent: number | null;
  submissions: { total: number; passed: number; failed: number; ungraded: number };
  qualifies: boolean;
  /** Plain reasons when not, e.g. 'Not paid', 'Attendance 60% (needs 80%)', '1 submission not graded'. */
  reasons: string[];
  certificate: { id: string; certificateRef: string; issueDate: string; state: CertificateState } | null;
}

/** GET /api/admin/training/cohorts/:cohortId/certificate-candidates */
export interface CertificateCandidatesDto {
  cohortId: string;
  courseName: string;
  /** The attendance threshold in percent (Settings). */
  thresholdPercent: number;
  audited: boolean;
  candidates: CertificateCandidateDto[];
  /** The latest "Generate for cohort" run, if any. */
  latestBatch: CertificateBatchDto | null;
}

/** POST /api/admin/training/certificates → 201 (issued) or 200 (this enrolment already had one). */
export const issueCertificateInput = z.object({
  enrollmentId: z.uuid({ error: 'Unknown enrolment' }),
  /** Required (at least 10 characters) when the student does not qualify; kept in the audit trail. */
  overrideReason: z
    .string()
    .trim()
    .max(500, 'Keep the reason under 500 characters')
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= 10, 'Give a reason of at least 10 characters'),
});
export type IssueCertificateInput = z.infer<typeof issueCertificateInput>;

/** Console list row (GET /api/admin/training/certificates) and the issue/revoke answers. */
export interface AdminCertificateDto {
  id: string;
  enrollmentId: string;
  certificateRef: string;
  studentName: string;
  courseName: string;
  issueDate: string;
  expiresOn: string | null;
  cobranded: boolean;
  state: CertificateState;
  revokedAt: string | null;
  revokedReason: string | null;
  overrideReason: string | null;
  /** Site path of the public verify page. */
  verifyPath: string;
}

/** POST /api/admin/training/certificates/:id/revoke */
export const revokeCertificateInput = z.object({
  reason: z
    .string({ error: 'Give the reason for revoking' })
    .trim()
    .min(5, 'Give the reason for revoking')
    .max(500, 'Keep the reason under 500 characters'),
});
export type RevokeCertificateInput = z.infer<typeof revokeCertificateInput>;

/** POST /api/admin/training/cohorts/:cohortId/certificate-batches → 202; GET /api/admin/training/certificate-batches/:id */
export interface CertificateBatchDto {
  id: string;
  cohortId: string;
  status: CertificateBatchStatus;
  total: number;
  issued: number;
  skipped: number;
  failed: number;
  createdAt: string;
  finishedAt: string | null;
}

/** Why 'Generate for cohort' starts no run (409): nobody is left to issue. */
export const COHORT_BATCH_MESSAGES = {
  nobodyQualifies: 'No one in this cohort qualifies yet.',
  everyoneHolds: 'Everyone in this cohort who qualifies already has a certificate.',
} as const;

/** What a cohort run would issue: the qualifying students without a certificate; null when there is one. */
export function cohortBatchRefusal(candidates: readonly { qualifies: boolean; certificate: unknown }[]): string | null {
  const qualifying = candidates.filter((c) => c.qualifies);
  if (qualifying.length === 0) return COHORT_BATCH_MESSAGES.nobodyQualifies;
  if (qualifying.every((c) => c.certificate)) return COHORT_BATCH_MESSAGES.everyoneHolds;
  return null;
}

// ---------------------------------------------------------------- guards

/** On guard list cards and profiles: the guard's valid academy certificate, linked to its verify page. */
export interface AcademyCertifiedDto {
  certificateRef: string;
  courseName: string;
}

export const certificateVerifyPagePath = (ref: string): string => `/cert/verify/${encodeURIComponent(ref)}`;
