/**
 * Issuing and revoking certificates from the console.
 *
 * A student qualifies when their enrolment holds a seat in the cohort, is paid, their attendance over
 * the recorded sessions reaches the threshold in Settings (no attendance recorded: does not qualify)
 * and every submission they made is graded with a pass. A course without submissions asks for none:
 * a student who submitted nothing is not held back by it.
 *
 * Issuing is idempotent per enrolment: the slow work (PDF, signature) happens first, then one
 * transaction stores the file row, inserts the certificate unless the enrolment already has one,
 * writes the audit row, tells the student on the bell and queues the e-mail. The request that loses
 * a race removes its file again and answers with the winner's certificate.
 */
import type { CertificateState } from '@ops/shared/schemas/certificates';
import {
  ACCREDITING_BODY,
  CERTIFICATE_TEXTS,
  certificateVerifyPagePath,
  cohortBatchRefusal,
  type AdminCertificateDto,
  type CertificateBatchDto,
  type CertificateCandidateDto,
  type CertificateCandidatesDto,
} from '@ops/shared/schemas/certificates';
import { attendanceRate, type AttendanceStatus } from '@ops/shared/domain/attendance-rate';
import { holdsSeat } from '@ops/shared/domain/enrollment-status';
import { addDaysToDate, nairobiDate } from '@ops/shared/domain/nairobi-time';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { escapeHtml, headerText, mailLayout } from '../../providers/mail/mail-layout.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { STUDENT_DASHBOARD_PATH } from '../academy/enrollment-notices.ts';
import { findStoredFile, openStoredFile, saveStoredFile } from '../files/files.service.ts';
import { notify } from '../notifications/notifications.service.ts';
// eslint-disable-next-line import-x/no-restricted-paths -- split on its own branch
import { getSettings } from '../settings/settings.repo.ts';
import { newCertificateRef } from './certificate-ref.ts';
import { renderCertificatePdf } from './certificate-pdf.ts';
import { signCredential } from './credential.ts';
import type { IssuerKey } from './issuer-key.ts';
import {
  CERTIFICATES_BUCKET,
  findActiveBatch,
  findAllCertificates,
  findAttendanceStatuses,
  findBatch,
  findCertificateByEnrollment,
  findCertificateById,
  findCertificateRecipient,
  findCertificatesOfEnrollments,
  findCohortForCertificates,
  findEnrollmentForIssue,
  findLatestBatch,
  findSeatHolders,
  findSubmissionCounts,
  insertBatch,
  insertCertificateIfNone,
  lockCohort,
  markRevoked,
  setBatchCounts,
  setBatchStatus,
  type BatchRecord,
  type CertificateRecord,
} from './certificates.repo.ts';

export type IssuingDeps = Pick<AppDeps, 'db' | 'files' | 'logger' | 'clock' | 'jobs' | 'config'> & { credentialKey: IssuerKey };

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

// ---------------------------------------------------------------- who qualifies

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Each seat-holding student of the cohort (or the one enrolment asked for), with whether they qualify and why not. */
async function evaluate(
  db: Executor,
  cohortId: string,
  today: string,
  thresholdPercent: number,
  enrollmentId?: string,
): Promise<CertificateCandidateDto[]> {
  // One after another: `db` may be a transaction, whose one connection takes one query at a time.
  const students = await findSeatHolders(db, cohortId, enrollmentId);
  const statuses = await findAttendanceStatuses(db, cohortId, enrollmentId);
  const submissions = await findSubmissionCounts(db, cohortId, enrollmentId);
  const held = await findCertificatesOfEnrollments(
    db,
    students.map((s) => s.enrollmentId),
  );
  const attendanceOf = new Map<string, AttendanceStatus[]>();
  for (const row of statuses) attendanceOf.set(row.enrollmentId, [...(attendanceOf.get(row.enrollmentId) ?? []), row.status]);
  const submissionsOf = new Map(submissions.map((s) => [s.enrollmentId, s]));
  const certificateOf = new Map(held.map((c) => [c.enrollmentId, c]));

  return students.map((student) => {
    const paid = student.paymentStatus === 'paid';
    const rate = attendanceRate(attendanceOf.get(student.enrollmentId) ?? []).rate;
    const counts = submissionsOf.get(student.enrollmentId);
    const total = counts?.total ?? 0;
    const passed = counts?.passed ?? 0;
    const failed = counts?.failed ?? 0;
    const ungraded = total - passed - failed;
    const reasons: string[] = [];
    if (!paid) reasons.push('Not paid');
    if (rate === null) reasons.push('No attendance recorded');
    else if (rate < thresholdPercent) reasons.push(`Attendance ${rate}% (needs ${thresholdPercent}%)`);
    if (ungraded > 0) reasons.push(`${plural(ungraded, 'submission', 'submissions')} not graded`);
    if (failed > 0) reasons.push(`${plural(failed, 'submission', 'submissions')} failed`);
    const certificate = certificateOf.get(student.enrollmentId);
    return {
      enrollmentId: student.enrollmentId,
      studentName: student.studentName,
      email: student.email,
      paid,
      attendancePercent: rate,
      submissions: { total, passed, failed, ungraded },
      qualifies: reasons.length === 0,
      reasons,
      certificate: certificate
        ? {
            id: certificate.id,
            certificateRef: certificate.certificateRef,
            issueDate: certificate.issueDate,
            state: certificateStateOf(certificate, today),
          }
        : null,
    };
  });
}

export async function listCandidates(db: Executor, cohortId: string, now: Date): Promise<CertificateCandidatesDto> {
  const cohort = await findCohortForCertificates(db, cohortId);
  if (!cohort) throw AppError.notFound(CERTIFICATE_ERRORS.unknownCohort);
  const [settings, latestBatch] = await Promise.all([getSettings(db), findLatestBatch(db, cohortId)]);
  const thresholdPercent = settings.certificateAttendancePercent;
  return {
    cohortId,
    courseName: cohort.courseName,
    thresholdPercent,
    audited: cohort.audited,
    candidates: await evaluate(db, cohortId, nairobiDate(now), thresholdPercent),
    latestBatch: latestBatch ? toBatchDto(latestBatch) : null,
  };
}

// ---------------------------------------------------------------- issuing one

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

/** The 'send-certificate-email' job: the PDF attached, with the verify link and the dashboard. */
export async function sendCertificateEmail(deps: Pick<AppDeps, 'db' | 'files' | 'logger' | 'mailer' | 'config'>, certificateId: string): Promise<void> {
  const cert = await findCertificateRecipient(deps.db, certificateId);
  if (!cert || cert.revokedAt) return;
  const appUrl = deps.config.appUrl.replace(/\/+$/, '');
  const verifyUrl = `${appUrl}${certificateVerifyPagePath(cert.certificateRef)}`;
  const dashboard = `${appUrl}${STUDENT_DASHBOARD_PATH}`;
  const file = cert.fileId ? await findStoredFile(deps.db, cert.fileId) : null;
  const attachments = [];
  if (file) {
    const object = await openStoredFile(deps, file);
    const chunks: Buffer[] = [];
    for await (const chunk of object.stream) chunks.push(Buffer.from(chunk as Uint8Array));
    attachments.push({ filename: `certificate-${cert.certificateRef}.pdf`, content: Buffer.concat(chunks), contentType: 'application/pdf' });
  }
  const lines = [
    `Congratulations! Your certificate for ${cert.courseName} is ready${attachments.length > 0 ? ' and attached to this e-mail' : ''}.`,
    `Reference number: ${cert.certificateRef}`,
    `Anyone can check it at ${verifyUrl}`,
  ];
  await deps.mailer.send({
    to: cert.email,
    subject: headerText(`Your certificate: ${cert.courseName}`),
    text: `Hello ${cert.studentName},\n\n${lines.join('\n\n')}\n\nYour certificates: ${dashboard}`,
    html: mailLayout(
      'Your certificate is ready',
      `<p>Hello ${escapeHtml(cert.studentName)},</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(verifyUrl)}">Verify the certificate</a></p>`,
      { label: 'Go to my courses', url: dashboard },
    ),
    attachments,
    idempotencyKey: `certificate-${cert.id}`,
    primaryLink: dashboard,
  });
}

// ---------------------------------------------------------------- a whole cohort

export async function startCohortBatch(deps: IssuingDeps, input: { cohortId: string; actor: AuditActor }): Promise<CertificateBatchDto> {
  const today = nairobiDate(deps.clock());
  const batch = await deps.db.transaction(async (tx) => {
    if (!(await lockCohort(tx, input.cohortId))) throw AppError.notFound(CERTIFICATE_ERRORS.unknownCohort);
    const active = await findActiveBatch(tx, input.cohortId);
    if (active) return active;
    const settings = await getSettings(tx);
    const candidates = await evaluate(tx, input.cohortId, today, settings.certificateAttendancePercent);
    // A run with nobody to issue would only show a full bar and 'Done: 0 / 0': say why instead.
    const refusal = cohortBatchRefusal(candidates);
    if (refusal) throw AppError.conflict(refusal);
    const total = candidates.filter((c) => c.qualifies && !c.certificate).length;
    const created = await insertBatch(tx, { cohortId: input.cohortId, requestedBy: input.actor.profileId, total });
    await recordAudit(tx, {
      actor: input.actor,
      action: 'certificate.batch',
      recordType: 'cohort',
      recordId: input.cohortId,
      after: { batchId: created.id, total },
    });
    await deps.jobs.enqueue('certificate-batch', { batchId: created.id }, { tx });
    return created;
  });
  return toBatchDto(batch);
}

export async function getBatch(db: Executor, id: string): Promise<CertificateBatchDto> {
  const batch = await findBatch(db, id);
  if (!batch) throw AppError.notFound(CERTIFICATE_ERRORS.unknownBatch);
  return toBatchDto(batch);
}

/**
 * The 'certificate-batch' job: issues each qualifying student's certificate in turn, saving the
 * counts after each. Run again after a crash it carries on: students already holding one are passed
 * over (issuing is idempotent per enrolment), and those that failed are tried again.
 */
export async function runCertificateBatch(deps: IssuingDeps, batchId: string): Promise<void> {
  const batch = await findBatch(deps.db, batchId);
  if (!batch || batch.status === 'done' || batch.status === 'failed') return;
  const firstRun = batch.status === 'queued';
  const counts = { issued: batch.issued, skipped: batch.skipped, failed: 0 };
  await setBatchStatus(deps.db, batchId, 'running', null);
  try {
    if (!batch.requestedBy) throw new Error('the admin who asked for this run no longer exists');
    const actor: AuditActor = { profileId: batch.requestedBy, clientIp: null };
    const settings = await getSettings(deps.db);
    const candidates = await evaluate(deps.db, batch.cohortId, nairobiDate(deps.clock()), settings.certificateAttendancePercent);
    for (const candidate of candidates) {
      if (!candidate.qualifies) continue;
      if (candidate.certificate) {
        // Issued by someone else since the run was asked for (the run's own are counted as issued).
        const held = await findCertificateById(deps.db, candidate.certificate.id);
        if (firstRun && held && held.createdAt > batch.createdAt) counts.skipped += 1;
        continue;
      }
      try {
        const { created } = await issueCertificate(deps, { enrollmentId: candidate.enrollmentId, actor });
        if (created) counts.issued += 1;
        else counts.skipped += 1;
      } catch (err) {
        counts.failed += 1;
        deps.logger.error({ err, batchId, enrollmentId: candidate.enrollmentId }, 'a certificate of a cohort run could not be issued');
      }
      await setBatchCounts(deps.db, batchId, counts);
    }
    await setBatchCounts(deps.db, batchId, counts);
    await setBatchStatus(deps.db, batchId, 'done', deps.clock());
  } catch (err) {
    deps.logger.error({ err, batchId }, 'a cohort certificate run stopped');
    await setBatchCounts(deps.db, batchId, counts);
    await setBatchStatus(deps.db, batchId, 'failed', deps.clock());
  }
}

// ---------------------------------------------------------------- revoking

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
