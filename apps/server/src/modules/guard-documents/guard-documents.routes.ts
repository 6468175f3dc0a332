import { Hono } from 'hono';
import { z } from 'zod';
import { nairobiDate } from '@ops/shared/domain/nairobi-time';
import {
  GUARD_DOCUMENT_CONTENT_TYPES,
  GUARD_DOCUMENT_MAX_BYTES,
  GUARD_DOCUMENT_MESSAGES,
  guardCredentialsInputOn,
  guardDocumentUploadFields,
  type GuardDocumentsDto,
} from '@ops/shared/schemas/guard-documents';
import type { AppEnv } from '../../lib/context.ts';
import { AppError, fieldErrors } from '../../lib/errors.ts';
import { requireAuth, requireRoleSaying } from '../../lib/require-auth.ts';
import { parseOrThrow, validate } from '../../lib/validate.ts';
import { auditActor } from '../audit/audit.routes.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { fileResponse } from '../files/file-response.ts';
import { receiveUpload, type UploadRules } from '../files/file-upload.ts';
import { openStoredFile } from '../files/files.service.ts';
import {
  addGuardDocument,
  findReadableGuardDocument,
  getGuardCredentials,
  listGuardDocuments,
  removeGuardDocument,
  updateGuardCredentials,
} from './guard-documents.service.ts';

const UPLOAD_RULES: UploadRules = {
  maxBytes: GUARD_DOCUMENT_MAX_BYTES,
  allowedTypes: GUARD_DOCUMENT_CONTENT_TYPES,
  fields: ['kind'],
  messages: GUARD_DOCUMENT_MESSAGES,
};

const today = (clock: () => Date) => nairobiDate(clock());

/** The rules need today's date, so the body is checked as a JSON object here and parsed in the handler. */
const jsonObject = validate('json', z.record(z.string(), z.unknown(), { error: 'Send the credentials as a JSON object' }));

/** The guard's own documents and credentials: /api/guard/… */
export const guardDocumentRoutes = new Hono<AppEnv>()
  .use(requireAuth, requireRoleSaying('Only guards keep documents and credentials here.', 'guard'))
  .get('/documents', async (c) => {
    const { db, clock } = c.get('deps');
    const { profileId } = c.get('currentUser');
    const body: GuardDocumentsDto = {
      documents: await listGuardDocuments(db, profileId),
      credentials: await getGuardCredentials(db, profileId, today(clock)),
    };
    c.header('cache-control', 'no-store');
    return c.json(body);
  })
  // Multipart with `kind` and `file`, read as a stream (modules/files/streamed-uploads.ts).
  .post('/documents', async (c) => {
    const upload = await receiveUpload(c.req.raw, UPLOAD_RULES);
    const fields = guardDocumentUploadFields.safeParse(upload.fields);
    if (!fields.success) {
      await upload.discard();
      throw AppError.validation(fieldErrors(fields.error));
    }
    const document = await addGuardDocument(c.get('deps'), c.get('currentUser').profileId, fields.data.kind, upload);
    return c.json(document, 201);
  })
  .delete('/documents/:id', async (c) => {
    await removeGuardDocument(c.get('deps'), c.get('currentUser').profileId, c.req.param('id'));
    return c.body(null, 204);
  })
  .put('/credentials', jsonObject, async (c) => {
    const { db, clock } = c.get('deps');
    const values = parseOrThrow(guardCredentialsInputOn(today(clock)), c.req.valid('json'));
    return c.json(await updateGuardCredentials(db, c.get('currentUser').profileId, values, today(clock)));
  });

/**
 * One document's bytes: /api/guard-documents/:id. The guard who owns it and admins may read it;
 * anyone else is told it does not exist. Every admin read is written to the audit trail first,
 * and no trail row means no read.
 */
export const guardDocumentFileRoutes = new Hono<AppEnv>().get('/:id', requireAuth, async (c) => {
  const deps = c.get('deps');
  const viewer = c.get('currentUser');
  const { file, kind, guardProfileId } = await findReadableGuardDocument(deps.db, viewer, c.req.param('id'));
  if (viewer.role === 'admin') {
    await recordAudit(deps.db, {
      actor: auditActor(c),
      action: 'guard_document.read',
      recordType: 'guard_document',
      recordId: file.id,
      subjectProfileId: guardProfileId,
      after: { kind, originalName: file.originalName },
    });
  }
  const object = await openStoredFile(deps, file);
  return fileResponse(c, file, object, c.req.query('disposition') === 'inline' ? 'inline' : 'attachment');
});
