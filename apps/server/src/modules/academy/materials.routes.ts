import { Hono } from 'hono';
import { trainingCourseParam, trainingIdParam } from '@ops/shared/schemas/admin-training';
import { COURSE_MATERIAL_CONTENT_TYPES, COURSE_MATERIAL_MAX_BYTES, COURSE_MATERIAL_MESSAGES } from '@ops/shared/schemas/admin-course-content';
import { consoleAction, noStore } from '../../lib/console-route.ts';
import type { AppEnv } from '../../lib/context.ts';
import { requirePermission } from '../../lib/require-auth.ts';
import { validate } from '../../lib/validate.ts';
import { fileResponse } from '../files/file-response.ts';
import { receiveUpload, type UploadRules } from '../files/file-upload.ts';
import { openStoredFile } from '../files/files.service.ts';
import { addMaterial, deleteMaterial, findMaterialFile, listMaterials } from './materials.service.ts';

const MATERIAL_UPLOAD_RULES: UploadRules = {
  maxBytes: COURSE_MATERIAL_MAX_BYTES,
  allowedTypes: COURSE_MATERIAL_CONTENT_TYPES,
  fields: [],
  messages: COURSE_MATERIAL_MESSAGES,
};

const manage = requirePermission('academy.manage');

/** A course's materials, uploaded, served and removed from the console: /api/admin/training/…/materials. */
export const materialRoutes = new Hono<AppEnv>()
  .get('/training/courses/:courseId/materials', manage, validate('param', trainingCourseParam), async (c) => {
    noStore(c);
    return c.json(await listMaterials(c.get('deps').db, c.req.valid('param').courseId));
  })
  // Multipart with the file in `file`, read as a stream (modules/files/streamed-uploads.ts).
  .post('/training/courses/:courseId/materials', manage, validate('param', trainingCourseParam), async (c) => {
    const upload = await receiveUpload(c.req.raw, MATERIAL_UPLOAD_RULES);
    return c.json(await addMaterial(c.get('deps'), consoleAction(c), c.req.valid('param').courseId, upload), 201);
  })
  .get('/training/materials/:id', manage, validate('param', trainingIdParam), async (c) => {
    const deps = c.get('deps');
    const file = await findMaterialFile(deps.db, c.req.valid('param').id);
    return fileResponse(c, file, await openStoredFile(deps, file), 'attachment');
  })
  .delete('/training/materials/:id', manage, validate('param', trainingIdParam), async (c) => {
    await deleteMaterial(c.get('deps'), consoleAction(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
