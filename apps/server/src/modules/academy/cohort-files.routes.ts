import { Hono } from 'hono';
import {
  COHORT_FILE_CONTENT_TYPES,
  COHORT_FILE_MAX_BYTES,
  COHORT_FILE_MESSAGES,
  cohortFilesParam,
  cohortFileUploadParam,
  partnerFileParam,
  type CohortFileKind,
} from '@ops/shared/schemas/partner';
import { consoleAction, noStore } from '../../lib/console-route.ts';
import type { AppEnv } from '../../lib/context.ts';
import { requirePermission } from '../../lib/require-auth.ts';
import { validate } from '../../lib/validate.ts';
import { fileResponse } from '../files/file-response.ts';
import { receiveUpload, type UploadRules } from '../files/file-upload.ts';
import { openStoredFile } from '../files/files.service.ts';
import { addCohortFile, deleteCohortFile, findCohortFileForRead, listCohortFiles } from './cohort-files.service.ts';

const uploadRules = (kind: CohortFileKind): UploadRules => ({
  maxBytes: COHORT_FILE_MAX_BYTES,
  allowedTypes: COHORT_FILE_CONTENT_TYPES[kind],
  fields: [],
  messages: COHORT_FILE_MESSAGES[kind],
});

const manage = requirePermission('academy.manage');

/** A cohort's instructor CVs and facility photos, uploaded by admins: /api/admin/training/*. */
export const cohortFileRoutes = new Hono<AppEnv>()
  .get('/training/cohorts/:cohortId/files', manage, validate('param', cohortFilesParam), async (c) => {
    noStore(c);
    return c.json(await listCohortFiles(c.get('deps').db, c.req.valid('param').cohortId));
  })
  // Multipart with the file in `file`, read as a stream (modules/files/streamed-uploads.ts).
  .post('/training/cohorts/:cohortId/files/:kind', manage, validate('param', cohortFileUploadParam), async (c) => {
    const { cohortId, kind } = c.req.valid('param');
    const upload = await receiveUpload(c.req.raw, uploadRules(kind));
    return c.json(await addCohortFile(c.get('deps'), consoleAction(c), cohortId, kind, upload), 201);
  })
  .get('/training/cohort-files/:fileId', manage, validate('param', partnerFileParam), async (c) => {
    const deps = c.get('deps');
    const file = await findCohortFileForRead(deps.db, c.req.valid('param').fileId);
    return fileResponse(c, file, await openStoredFile(deps, file), 'attachment');
  })
  .delete('/training/cohort-files/:fileId', manage, validate('param', partnerFileParam), async (c) => {
    await deleteCohortFile(c.get('deps'), consoleAction(c), c.req.valid('param').fileId);
    return c.body(null, 204);
  });
