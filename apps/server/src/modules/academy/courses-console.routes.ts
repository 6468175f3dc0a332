import { Hono } from 'hono';
import { courseValidityInput, trainingCourseParam } from '@ops/shared/schemas/admin-training';
import { body, consoleAction, noStore } from '../../lib/console-route.ts';
import type { AppEnv } from '../../lib/context.ts';
import { requirePermission } from '../../lib/require-auth.ts';
import { validate } from '../../lib/validate.ts';
import { listCourseOptions, setCourseValidity } from './courses-console.service.ts';

const manage = requirePermission('academy.manage');

/** The console's list of courses and each course's certificate validity: /api/admin/training/courses. */
export const courseConsoleRoutes = new Hono<AppEnv>()
  .get('/training/courses', manage, async (c) => {
    noStore(c);
    return c.json(await listCourseOptions(c.get('deps').db));
  })
  .put('/training/courses/:courseId/validity', manage, validate('param', trainingCourseParam), body(courseValidityInput), async (c) => {
    return c.json(await setCourseValidity(consoleAction(c), c.req.valid('param').courseId, c.req.valid('json').validityYears));
  });
