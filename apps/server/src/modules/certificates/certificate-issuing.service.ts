/**
 * Issuing and revoking one certificate from the console (who qualifies: certificate-eligibility.service.ts).
 *
 * Issuing is idempotent per enrolment: the slow work (PDF, signature) happens first, then one
 * transaction stores the file row, inserts the certificate unless the enrolment already has one,
 * writes the audit row, tells the student on the bell and queues the e-mail. The request that loses
 * a race removes its file again and answers with the winner's certificate.
 */
import { ACCREDITING_BODY, CERTIFICATE_TEXTS, certificateVerifyPagePath, type AdminCertificateDto } from '@ops/shared/schemas/certificates';
import { holdsSeat } from '@ops/shared/domain/enrollment-status';
import { nairobiDate } from '@ops/shared/domain/nairobi-time';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { STUDENT_DASHBOARD_PATH } from '../academy/enrollment-notices.ts';
import { findStoredFile, openStoredFile, saveStoredFile } from '../files/files.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { getSettings } from '../settings/settings.service.ts';
import { newCertificateRef } from './certificate-ref.ts';
import { renderCertificatePdf } from './certificate-pdf.ts';
import { academyNameOf, CERTIFICATE_ERRORS, CERTIFICATE_NOTICES, expiryDateOf, toAdminCertificate } from './certificate-dto.ts';
import { findEnrollmentForIssue } from './certificate-eligibility.repo.ts';
import { evaluate } from './certificate-eligibility.service.ts';
import { signCredential } from './credential.ts';
import type { IssuerKey } from './issuer-key.ts';
import {
  CERTIFICATES_BUCKET,
  findAllCertificates,
  findCertificateByEnrollment,
  findCertificateById,
  insertCertificateIfNone,
  markRevoked,
} from './certificates.repo.ts';

export type IssuingDeps = Pick<AppDeps, 'db' | 'files' | 'logger' | 'clock' | 'jobs' | 'config'> & { credentialKey: IssuerKey };

export interface IssueResult {
  certificate: AdminCertificateDto;
  /** False when the enrolment already had its certificate (this one or a simultaneous request's). */
  created: boolean;
}

class LostRace extends Error {}

export async function issueCertificate(
  deps: IssuingDeps,
  input: { enrollmentId: string; overrideReason?: string; actor: AuditActor },
): Promise<IssueResult> {
  const { db } = deps;
  const now = deps.clock();
  const today = nairobiDate(now);
  const enrollment = await findEnrollmentForIssue(db, input.enrollmentId);
  if (!enrollment) throw AppError.notFound(CERTIFICATE_ERRORS.unknownEnrollment);

  const existing = await findCertificateByEnrollment(db, enrollment.id);
  if (existing) return { certificate: toAdminCertificate(existing, today), created: false };
  if (!holdsSeat(enrollment.status)) throw AppError.conflict(CERTIFICATE_ERRORS.noSeat);

  const settings = await getSettings(db);
  const [candidate] = await evaluate(db, enrollment.cohortId, today, settings.certificateAttendancePercent, enrollment.id);
  const reasons = candidate?.reasons ?? [];
  const qualifies = candidate?.qualifies ?? false;
  if (!qualifies && !input.overrideReason) throw AppError.conflict(CERTIFICATE_TEXTS.doesNotQualify);
  const overrideReason = qualifies ? null : (input.overrideReason ?? null);

  const academyName = academyNameOf(settings.companyName);
  const appUrl = deps.config.appUrl.replace(/\/+$/, '');
  const certificateRef = newCertificateRef();
  const verifyUrl = `${appUrl}${certificateVerifyPagePath(certificateRef)}`;
  const expiresOn = expiryDateOf(today, enrollment.validityYears);
  const auditedAt = enrollment.cohortAudited ? enrollment.cohortAuditedAt : null;
  const cobrand = auditedAt ? { body: ACCREDITING_BODY, auditedAt: nairobiDate(auditedAt) } : null;
  const printed = {
    certificateRef,
    studentName: enrollment.studentName,
    courseName: enrollment.courseName,
    issueDate: today,
    expiresOn,
    verifyUrl,
    cobrand,
  };

  const pdf = await renderCertificatePdf({ ...printed, academyName });
  const credentialJwt = await signCredential(appUrl, academyName, deps.credentialKey, {
    ...printed,
    courseId: enrollment.courseId,
    courseDescription: enrollment.courseDescription,
  });

  try {
    const { linked: id } = await saveStoredFile(
      deps,
      {
        bucket: CERTIFICATES_BUCKET,
        ownerProfileId: enrollment.profileId,
        courseId: enrollment.courseId,
        originalName: `certificate-${certificateRef}.pdf`,
        contentType: 'application/pdf',
        sizeBytes: pdf.byteLength,
      },
      pdf,
      async (tx, file) => {
        const inserted = await insertCertificateIfNone(tx, {
          enrollmentId: enrollment.id,
          profileId: enrollment.profileId,
          certificateRef,
          studentName: enrollment.studentName,
          courseName: enrollment.courseName,
          issueDate: today,
          expiresOn,
          cobranded: auditedAt !== null,
          auditedAt,
          fileId: file.id,
          credentialJwt,
          issuedBy: input.actor.profileId,
          overrideReason,
        });
        if (!inserted) throw new LostRace();
        await recordAudit(tx, {
          actor: input.actor,
          action: 'certificate.issue',
          recordType: 'certificate',
          recordId: inserted,
          subjectProfileId: enrollment.profileId,
          after: { enrollmentId: enrollment.id, certificateRef, overrideReason, reasons },
        });
        await notify(tx, [enrollment.profileId], 'system', CERTIFICATE_NOTICES.ready(enrollment.courseName), STUDENT_DASHBOARD_PATH);
        await deps.jobs.enqueue('send-certificate-email', { certificateId: inserted }, { tx });
        return inserted;
      },
    );
    const row = await findCertificateById(db, id);
    if (!row) throw new Error('issued certificate not found');
    return { certificate: toAdminCertificate(row, today), created: true };
  } catch (err) {
    if (!(err instanceof LostRace)) throw err;
    const winner = await findCertificateByEnrollment(db, enrollment.id);
    if (!winner) throw new Error('certificate race lost to no certificate');
    return { certificate: toAdminCertificate(winner, today), created: false };
  }
}

export async function revokeCertificate(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { certificateId: string; reason: string; actor: AuditActor },
): Promise<AdminCertificateDto> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const cert = await findCertificateById(tx, input.certificateId);
    if (!cert) throw AppError.notFound(CERTIFICATE_ERRORS.unknownCertificate);
    if (!(await markRevoked(tx, cert.id, input.reason, input.actor.profileId, now))) throw AppError.conflict(CERTIFICATE_TEXTS.alreadyRevoked);
    await recordAudit(tx, {
      actor: input.actor,
      action: 'certificate.revoke',
      recordType: 'certificate',
      recordId: cert.id,
      subjectProfileId: cert.profileId,
      after: { certificateRef: cert.certificateRef, reason: input.reason },
    });
    await notify(tx, [cert.profileId], 'system', CERTIFICATE_NOTICES.revoked(cert.courseName, input.reason), STUDENT_DASHBOARD_PATH);
    const after = await findCertificateById(tx, cert.id);
    return toAdminCertificate(after!, nairobiDate(now));
  });
}

/** An issued certificate's PDF, revoked or not, as the console opens it; 404 when either is missing. */
export async function openIssuedCertificatePdf(deps: Pick<AppDeps, 'db' | 'files' | 'logger'>, id: string) {
  const certificate = await findCertificateById(deps.db, id);
  const file = certificate?.fileId ? await findStoredFile(deps.db, certificate.fileId) : null;
  if (!certificate || !file) throw AppError.notFound(CERTIFICATE_ERRORS.unknownCertificate);
  return { certificate, file, object: await openStoredFile(deps, file) };
}

/** The console's list: every certificate, newest first. */
export async function listAdminCertificates(db: Executor, now: Date): Promise<AdminCertificateDto[]> {
  const today = nairobiDate(now);
  return (await findAllCertificates(db)).map((row) => toAdminCertificate(row, today));
}
