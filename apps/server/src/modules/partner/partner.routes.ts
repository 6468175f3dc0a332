import { Hono } from 'hono';
import {
  partnerCohortParam,
  partnerFileParam,
  type PartnerCohortDto,
  type PartnerCohortList,
  type PartnerMaterialList,
} from '@ops/shared/schemas/partner';
import type { AppEnv } from '../../lib/context.ts';
import { requireAuth, requirePermission } from '../../lib/require-auth.ts';
import { validate } from '../../lib/validate.ts';
import { auditActor } from '../audit/audit.routes.ts';
import { fileResponse } from '../files/file-response.ts';
import { openStoredFile } from '../files/files.service.ts';
import { auditCohort, findPartnerFile, listPartnerCohorts, listPartnerMaterials } from './partner.service.ts';

/** The accrediting partner's portal: /api/partner/*. */
export const partnerRoutes = new Hono<AppEnv>()
  .use(requireAuth, requirePermission('partner_portal.view'))
  .get('/cohorts', async (c) => {
    c.header('cache-control', 'no-store');
    const body: PartnerCohortList = { items: await listPartnerCohorts(c.get('deps').db) };
    return c.json(body);
  })
  // The body carries nothing: who audited and when are the server's.
  .post('/cohorts/:id/audit', requirePermission('cohorts.audit'), validate('param', partnerCohortParam), async (c) => {
    const { db, clock } = c.get('deps');
    const body: PartnerCohortDto = await auditCohort(db, auditActor(c), c.req.valid('param').id, clock());
    return c.json(body);
  })
  .get('/materials', requirePermission('academy.materials.read'), async (c) => {
    c.header('cache-control', 'no-store');
    const body: PartnerMaterialList = { items: await listPartnerMaterials(c.get('deps').db) };
    return c.json(body);
  })
  .get('/files/:fileId', requirePermission('academy.materials.read'), validate('param', partnerFileParam), async (c) => {
    const deps = c.get('deps');
    const file = await findPartnerFile(deps.db, c.req.valid('param').fileId);
    return fileResponse(c, file, await openStoredFile(deps, file), 'attachment');
  });
