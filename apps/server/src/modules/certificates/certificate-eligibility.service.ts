/**
 * Who qualifies for a certificate. A student qualifies when their enrolment holds a seat in the
 * cohort, is paid, their attendance over the recorded sessions reaches the threshold in Settings (no
 * attendance recorded: does not qualify) and every submission they made is graded with a pass. A
 * course without submissions asks for none: a student who submitted nothing is not held back by it.
 */
import { attendanceRate, type AttendanceStatus } from '@ops/shared/domain/attendance-rate';
import { nairobiDate } from '@ops/shared/domain/nairobi-time';
import type { CertificateCandidateDto, CertificateCandidatesDto } from '@ops/shared/schemas/certificates';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { getSettings } from '../settings/settings.service.ts';
import { findLatestBatch } from './certificate-batches.repo.ts';
import { CERTIFICATE_ERRORS, certificateStateOf, toBatchDto } from './certificate-dto.ts';
import { findAttendanceStatuses, findCohortForCertificates, findSeatHolders, findSubmissionCounts } from './certificate-eligibility.repo.ts';
import { findCertificatesOfEnrollments } from './certificates.repo.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Each seat-holding student of the cohort (or the one enrolment asked for), with whether they qualify and why not. */
export async function evaluate(
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
