import { Hono } from 'hono';
import { trainingIdParam } from '@ops/shared/schemas/admin-training';
import { adminSubmissionListQuery, gradeInput } from '@ops/shared/schemas/admin-grading';
import { body, consoleAction, noStore } from '../../lib/console-route.ts';
import type { AppEnv } from '../../lib/context.ts';
import { requirePermission } from '../../lib/require-auth.ts';
import { validate } from '../../lib/validate.ts';
import { recordStaffRead } from '../audit/audit.routes.ts';
import { fileResponse } from '../files/file-response.ts';
import { openStoredFile } from '../files/files.service.ts';
import { findSubmissionFileForRead, gradeSubmission, listSubmissions } from './grading.service.ts';

const manage = requirePermission('academy.manage');

/** Students' submissions, read and graded from the console: /api/admin/training/submissions. */
export const gradingRoutes = new Hono<AppEnv>()
  .get('/training/submissions', manage, validate('query', adminSubmissionListQuery), async (c) => {
    const params = c.req.valid('query');
    const page = await listSubmissions(c.get('deps').db, params);
    await recordStaffRead(c, {
      action: 'assessment.list',
      recordType: 'assessment',
      after: { page: params.page, assessmentIds: page.items.map((s) => s.id) },
    });
    noStore(c);
    return c.json(page);
  })
  /** The submitted file; the read is written to the audit trail first, and no trail row means no read. */
  .get('/training/submissions/:id/file', manage, validate('param', trainingIdParam), async (c) => {
    const deps = c.get('deps');
    const { submission, file } = await findSubmissionFileForRead(deps.db, c.req.valid('param').id);
    await recordStaffRead(c, {
      action: 'assessment.read',
      recordType: 'assessment',
      recordId: submission.id,
      subjectProfileId: submission.profileId,
      after: { fileName: submission.fileName },
    });
    return fileResponse(c, file, await openStoredFile(deps, file), c.req.query('disposition') === 'inline' ? 'inline' : 'attachment');
  })
  .post('/training/submissions/:id/grade', manage, validate('param', trainingIdParam), body(gradeInput), async (c) => {
    return c.json(await gradeSubmission(consoleAction(c), c.req.valid('param').id, c.req.valid('json')));
  });
