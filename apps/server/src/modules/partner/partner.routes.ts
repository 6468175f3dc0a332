import { Hono, type Context } from 'hono';
import {
  partnerAuditInput,
  partnerCohortParam,
  partnerFileParam,
  type PartnerCohortDto,
  type PartnerCohortList,
  type PartnerMaterialList,
} from '@ops/shared/schemas/partner';
import type { AppEnv } from '../../lib/context.ts';
import { requireAuth, requirePermission } from '../../lib/require-auth.ts';
import { AppError } from '../../lib/errors.ts';
import { NOT_JSON_MESSAGE } from '../../lib/request-input.ts';
import { parseOrThrow, validate } from '../../lib/validate.ts';
import { auditActor } from '../audit/audit.routes.ts';
import { fileResponse } from '../files/file-response.ts';
import { openStoredFile } from '../files/files.service.ts';
import { auditCohort, findPartnerFile, listPartnerCohorts, listPartnerMaterials } from './partner.service.ts';

/** A body that may be left out: none (or an empty one) reads as {}, anything else must be JSON. */
async function optionalJson(c: Context<AppEnv>): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw AppError.validation({}, NOT_JSON_MESSAGE);
  }
}

/** The accrediting partner's portal: /api/partner/*. */
export const partnerRoutes = new Hono<AppEnv>()
  .use(requireAuth, requirePermission('partner_portal.view'))
  .get('/cohorts', async (c) => {
    c.header('cache-control', 'no-store');
    const { db, clock } = c.get('deps');
    const body: PartnerCohortList = { items: await listPartnerCohorts(db, clock()) };
    return c.json(body);
  })
  // The body carries only the partner's optional notes: who audited and when are the server's.
  .post('/cohorts/:id/audit', requirePermission('cohorts.audit'), validate('param', partnerCohortParam), async (c) => {
    const { db, clock } = c.get('deps');
    const { notes } = parseOrThrow(partnerAuditInput, await optionalJson(c));
    const body: PartnerCohortDto = await auditCohort(db, auditActor(c), { cohortId: c.req.valid('param').id, notes }, clock());
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
