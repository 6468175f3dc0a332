import { Hono } from 'hono';
import { trainingIdParam } from '@ops/shared/schemas/admin-training';
import { cohortInput } from '@ops/shared/schemas/admin-cohorts';
import { body, consoleAction, noStore } from '../../lib/console-route.ts';
import type { AppEnv } from '../../lib/context.ts';
import { requirePermission } from '../../lib/require-auth.ts';
import { validate } from '../../lib/validate.ts';
import { createCohort, deleteCohort, listCohorts, updateCohort } from './cohorts.service.ts';

const manage = requirePermission('academy.manage');

/** The console's cohorts: /api/admin/training/cohorts. */
export const cohortRoutes = new Hono<AppEnv>()
  .get('/training/cohorts', manage, async (c) => {
    noStore(c);
    return c.json(await listCohorts(c.get('deps').db));
  })
  .post('/training/cohorts', manage, body(cohortInput), async (c) => {
    return c.json(await createCohort(consoleAction(c), c.req.valid('json')), 201);
  })
  .put('/training/cohorts/:id', manage, validate('param', trainingIdParam), body(cohortInput), async (c) => {
    return c.json(await updateCohort(consoleAction(c), c.req.valid('param').id, c.req.valid('json')));
  })
  .delete('/training/cohorts/:id', manage, validate('param', trainingIdParam), async (c) => {
    await deleteCohort(c.get('deps'), consoleAction(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
