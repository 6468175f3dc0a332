import { Hono } from 'hono';
import { assessmentUploadFields, ASSESSMENT_MISSING_FIELDS, type StudentOverviewDto } from '@ops/shared/schemas/student';
import type { AppEnv } from '../../lib/context.ts';
import { AppError, fieldErrors } from '../../lib/errors.ts';
import { requireAuth } from '../../lib/require-auth.ts';
import { fileResponse } from '../files/file-response.ts';
import { receiveUpload } from '../files/file-upload.ts';
import { openStoredFile } from '../files/files.service.ts';
import { ASSESSMENT_UPLOAD_RULES, submitAssessment } from './assessment-upload.ts';
import { findOwnAssessmentFile, findReadableMaterial, getStudentOverview } from './student.service.ts';

/** The signed-in student's own academy records: /api/student/*. Any signed-in person may be a student. */
export const studentRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get('/overview', async (c) => {
    const { db, clock } = c.get('deps');
    const body: StudentOverviewDto = await getStudentOverview(db, c.get('currentUser').profileId, clock());
    c.header('cache-control', 'no-store');
    return c.json(body);
  })
  .get('/materials/:fileId', async (c) => {
    const deps = c.get('deps');
    const file = await findReadableMaterial(deps.db, c.get('currentUser').profileId, c.req.param('fileId'));
    return fileResponse(c, file, await openStoredFile(deps, file), 'attachment');
  })
  // Multipart with enrollmentId, title, type and file, read as a stream (modules/files/streamed-uploads.ts).
  .post('/assessments', async (c) => {
    const upload = await receiveUpload(c.req.raw, ASSESSMENT_UPLOAD_RULES);
    const fields = assessmentUploadFields.safeParse(upload.fields);
    if (!fields.success) {
      await upload.discard();
      const problems = fieldErrors(fields.error);
      const missing = Object.values(problems).includes(ASSESSMENT_MISSING_FIELDS);
      throw AppError.validation(problems, missing ? ASSESSMENT_MISSING_FIELDS : undefined);
    }
    const assessment = await submitAssessment(c.get('deps'), c.get('currentUser').profileId, fields.data, upload);
    return c.json(assessment, 201);
  })
  .get('/assessments/:id/file', async (c) => {
    const deps = c.get('deps');
    const file = await findOwnAssessmentFile(deps.db, c.get('currentUser').profileId, c.req.param('id'));
    return fileResponse(c, file, await openStoredFile(deps, file), 'attachment');
  });
