import { Hono } from 'hono';
import { trainingCohortParam, trainingIdParam } from '@ops/shared/schemas/admin-training';
import { issueCertificateInput, revokeCertificateInput } from '@ops/shared/schemas/certificates';
import { body, noStore } from '../../lib/console-route.ts';
import type { AppEnv } from '../../lib/context.ts';
import { requirePermission } from '../../lib/require-auth.ts';
import { validate } from '../../lib/validate.ts';
import { auditActor, recordStaffRead } from '../audit/audit.routes.ts';
import { fileResponse } from '../files/file-response.ts';
import { getBatch, startCohortBatch } from './certificate-batch.service.ts';
import { listCandidates } from './certificate-eligibility.service.ts';
import { issueCertificate, listAdminCertificates, openIssuedCertificatePdf, revokeCertificate } from './certificate-issuing.service.ts';

const manage = requirePermission('academy.manage');

/**
 * Listing, issuing and revoking certificates from the console's Training view: /api/admin/training/*.
 * The console (modules/admin) mounts these behind its sign-in and console.view check.
 */
export const certificateConsoleRoutes = new Hono<AppEnv>()
  .get('/training/certificates', manage, async (c) => {
    noStore(c);
    const { db, clock } = c.get('deps');
    return c.json(await listAdminCertificates(db, clock()));
  })
  .get('/training/cohorts/:cohortId/certificate-candidates', manage, validate('param', trainingCohortParam), async (c) => {
    const { db, clock } = c.get('deps');
    const { cohortId } = c.req.valid('param');
    const list = await listCandidates(db, cohortId, clock());
    await recordStaffRead(c, {
      action: 'certificate.candidates',
      recordType: 'cohort',
      recordId: cohortId,
      after: { enrollmentIds: list.candidates.map((s) => s.enrollmentId) },
    });
    noStore(c);
    return c.json(list);
  })
  .post('/training/certificates', manage, body(issueCertificateInput), async (c) => {
    const { enrollmentId, overrideReason } = c.req.valid('json');
    const { certificate, created } = await issueCertificate(c.get('deps'), { enrollmentId, overrideReason, actor: auditActor(c) });
    return c.json(certificate, created ? 201 : 200);
  })
  .post('/training/cohorts/:cohortId/certificate-batches', manage, validate('param', trainingCohortParam), async (c) => {
    const batch = await startCohortBatch(c.get('deps'), { cohortId: c.req.valid('param').cohortId, actor: auditActor(c) });
    return c.json(batch, 202);
  })
  .get('/training/certificate-batches/:id', manage, validate('param', trainingIdParam), async (c) => {
    noStore(c);
    return c.json(await getBatch(c.get('deps').db, c.req.valid('param').id));
  })
  .post('/training/certificates/:id/revoke', manage, validate('param', trainingIdParam), body(revokeCertificateInput), async (c) => {
    const certificate = await revokeCertificate(c.get('deps'), {
      certificateId: c.req.valid('param').id,
      reason: c.req.valid('json').reason,
      actor: auditActor(c),
    });
    return c.json(certificate);
  })
  .get('/training/certificates/:id/pdf', manage, validate('param', trainingIdParam), async (c) => {
    const { certificate, file, object } = await openIssuedCertificatePdf(c.get('deps'), c.req.valid('param').id);
    await recordStaffRead(c, {
      action: 'certificate.read',
      recordType: 'certificate',
      recordId: certificate.id,
      subjectProfileId: certificate.profileId,
    });
    return fileResponse(c, file, object, 'inline');
  });
