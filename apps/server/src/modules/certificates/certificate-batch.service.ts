/**
 * Issuing a whole cohort's certificates from the console: one run (batch) at a time per cohort,
 * worked through by a job that issues each qualifying student's certificate in turn.
 */
import { cohortBatchRefusal, type CertificateBatchDto } from '@ops/shared/schemas/certificates';
import { nairobiDate } from '@ops/shared/domain/nairobi-time';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { getSettings } from '../settings/settings.service.ts';
import { findActiveBatch, findBatch, insertBatch, lockCohort, setBatchCounts, setBatchStatus } from './certificate-batches.repo.ts';
import { CERTIFICATE_ERRORS, toBatchDto } from './certificate-dto.ts';
import { evaluate } from './certificate-eligibility.service.ts';
import { issueCertificate, type IssuingDeps } from './certificate-issuing.service.ts';
import { findCertificateById } from './certificates.repo.ts';

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
