/**
 * Public verification: anyone holding a certificate's reference (typed, or scanned from its QR
 * code) sees whether it holds today, and an employer can check a credential file's signature.
 *
 * A malformed reference, one with a wrong check character and an unknown one get the same 404:
 * each is counted against the client's limit and runs the same statement (a malformed one with a
 * reference that cannot exist), so neither the answer nor its timing tells whether a nearby
 * reference is real. Lookups are counted per client address in the database (auth_throttles), so
 * every copy of the server counts the same ones; the count and the lookup are one statement, and
 * lookups that arrive while one is on its way go together in the next.
 */
import { createHash } from 'node:crypto';
import {
  ACCREDITING_BODY,
  CERTIFICATE_TEXTS,
  type CertificateState,
  type CertificateVerificationDto,
  type CredentialCheckDto,
} from '@ops/shared/schemas/certificates';
import { nairobiDate } from '@ops/shared/domain/nairobi-time';
import { ERROR_CODES, type ApiErrorBody } from '@ops/shared/schemas/errors';
import type { AppDeps } from '../../lib/context.ts';
import { findStoredFile } from '../files/files.service.ts';
import { normalizeCertificateRef } from './certificate-ref.ts';
import { checkCredentialSignature, issuerId } from './credential.ts';
import type { Executor } from '../../db/client.ts';
import { batcher } from '../../lib/write-batcher.ts';
import { countAndFindCertificates, deleteEndedThrottles, type CountedLookup, type VerificationRecord } from './certificate-verification.repo.ts';

/** Lookups one client address may make in a window (verify page, its PDF, credential checks). */
export const VERIFY_LIMIT = { max: 60, windowSeconds: 60 };

export type VerifyDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'credentialKey'>;

export const verifyThrottleKey = (clientIp: string) => `certificate-verify:address:${createHash('sha256').update(clientIp).digest('base64url')}`;

/** Never a reference (the canonical form starts with 'OPS-'): what a malformed one is looked up as. */
const NO_REFERENCE = '-';

export type Lookup =
  { kind: 'limited'; retryAfterSeconds: number } | { kind: 'unknown' } | { kind: 'found'; certificate: VerificationRecord; state: CertificateState };

export function stateOf(row: { revokedAt: Date | null; expiresOn: string | null }, today: string): CertificateState {
  if (row.revokedAt) return 'revoked';
  if (row.expiresOn !== null && row.expiresOn < today) return 'expired';
  return 'valid';
}

interface PendingLookup {
  key: string;
  ref: string;
  now: Date;
}
const lookupBatchers = new WeakMap<Executor, (lookup: PendingLookup) => Promise<CountedLookup>>();

/**
 * Counts a lookup and finds its certificate together with the lookups that arrived while the
 * previous statement was on its way: under load, one statement and one commit serve many lookups
 * (each is still counted, and answered only once its count is stored). A batch counts as of its
 * newest lookup's clock.
 */
function countAndFind(db: Executor, lookup: PendingLookup): Promise<CountedLookup> {
  let run = lookupBatchers.get(db);
  if (!run) {
    run = batcher((lookups: PendingLookup[]) =>
      countAndFindCertificates(db, lookups, { ...VERIFY_LIMIT, now: new Date(Math.max(...lookups.map((l) => l.now.getTime()))) }),
    );
    lookupBatchers.set(db, run);
  }
  return run(lookup);
}

/** Counts the lookup against the client's limit and finds the certificate, in one statement. */
export async function lookUp(deps: VerifyDeps, input: string, clientIp: string): Promise<Lookup> {
  const now = deps.clock();
  const ref = normalizeCertificateRef(input) ?? NO_REFERENCE;
  const counted = await countAndFind(deps.db, { key: verifyThrottleKey(clientIp), ref, now });
  // A new window: now and then, counters whose window has ended are cleared away.
  if (counted.count === 1 && Math.random() < 1 / 64) await deleteEndedThrottles(deps.db, now);
  if (counted.count > VERIFY_LIMIT.max) {
    return { kind: 'limited', retryAfterSeconds: Math.max(1, Math.ceil((counted.windowEndsAt.getTime() - now.getTime()) / 1000)) };
  }
  if (!counted.certificate) return { kind: 'unknown' };
  return { kind: 'found', certificate: counted.certificate, state: stateOf(counted.certificate, nairobiDate(now)) };
}

export const verifyPdfPath = (ref: string) => `/api/certificates/verify/${encodeURIComponent(ref)}/pdf`;

export function toVerificationDto(row: VerificationRecord, state: CertificateState): CertificateVerificationDto {
  return {
    certificateRef: row.certificateRef,
    state,
    studentName: row.studentName,
    courseId: row.courseId,
    courseName: row.courseName,
    issueDate: row.issueDate,
    expiresOn: row.expiresOn,
    cobrand: row.cobranded && row.auditedAt ? { body: ACCREDITING_BODY, auditedAt: nairobiDate(row.auditedAt) } : null,
    revoked: row.revokedAt ? { at: row.revokedAt.toISOString(), reason: row.revokedReason ?? '' } : null,
    pdfUrl: row.revokedAt || !row.fileId ? null : verifyPdfPath(row.certificateRef),
  };
}

/** The stored PDF of a found, unrevoked certificate, or undefined when it has none. */
export async function certificatePdfFile(deps: VerifyDeps, certificate: VerificationRecord) {
  if (!certificate.fileId) return undefined;
  return (await findStoredFile(deps.db, certificate.fileId)) ?? undefined;
}

/**
 * The checks of an uploaded credential: signed with the academy's published key, issued by this
 * academy, not revoked (an unknown reference counts as revoked), and within its validity. The
 * lookup is counted against the client's limit like any other.
 */
export async function checkCredential(
  deps: VerifyDeps,
  text: string,
  clientIp: string,
): Promise<CredentialCheckDto | { kind: 'limited'; retryAfterSeconds: number }> {
  const checked = await checkCredentialSignature(text, deps.credentialKey);
  const lookup = await lookUp(deps, checked.ok ? checked.credential.certificateRef : '', clientIp);
  if (lookup.kind === 'limited') return lookup;
  if (!checked.ok) return { signature: false, issuer: false, notRevoked: false, notExpired: false, valid: false, certificate: null };
  const { credential } = checked;
  const appUrl = deps.config.appUrl.replace(/\/+$/, '');
  const today = nairobiDate(deps.clock());
  const issuer = credential.issuer === issuerId(appUrl);
  const notRevoked = lookup.kind === 'found' && lookup.state !== 'revoked';
  const expiresOn = lookup.kind === 'found' ? lookup.certificate.expiresOn : credential.expiresOn;
  const notExpired = expiresOn === null || expiresOn >= today;
  return {
    signature: true,
    issuer,
    notRevoked,
    notExpired,
    valid: issuer && notRevoked && notExpired,
    certificate: {
      certificateRef: credential.certificateRef,
      studentName: credential.studentName,
      courseName: credential.courseName,
      issueDate: credential.issueDate,
      expiresOn: credential.expiresOn,
    },
  };
}

export const NOT_FOUND_BODY: ApiErrorBody = { code: ERROR_CODES.notFound, message: CERTIFICATE_TEXTS.notFound };
export const TOO_MANY_BODY: ApiErrorBody = { code: ERROR_CODES.rateLimited, message: CERTIFICATE_TEXTS.tooManyChecks };

// The academy lists and serves a student's own certificates, and the tests' fixtures store one the
// way issuing does; issuing and revoking stay here.
export { CERTIFICATES_BUCKET, findCertificateById, findCertificatesOfProfile, type CertificateRecord } from './certificates.repo.ts';
