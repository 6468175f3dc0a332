import { Hono } from 'hono';
import { trainingCourseParam, trainingIdParam } from '@ops/shared/schemas/admin-training';
import { sessionInput } from '@ops/shared/schemas/admin-course-content';
import { body, consoleAction, noStore } from '../../lib/console-route.ts';
import type { AppEnv } from '../../lib/context.ts';
import { requirePermission } from '../../lib/require-auth.ts';
import { validate } from '../../lib/validate.ts';
import { createSession, deleteSession, listSessions, updateSession } from './sessions.service.ts';

const manage = requirePermission('academy.manage');

/** A course's sessions, kept from the console: /api/admin/training/sessions and each course's list. */
export const sessionRoutes = new Hono<AppEnv>()
  .get('/training/courses/:courseId/sessions', manage, validate('param', trainingCourseParam), async (c) => {
    noStore(c);
    return c.json(await listSessions(c.get('deps').db, c.req.valid('param').courseId));
  })
  .post('/training/sessions', manage, body(sessionInput), async (c) => {
    return c.json(await createSession(consoleAction(c), c.req.valid('json')), 201);
  })
  .put('/training/sessions/:id', manage, validate('param', trainingIdParam), body(sessionInput), async (c) => {
    return c.json(await updateSession(consoleAction(c), c.req.valid('param').id, c.req.valid('json')));
  })
  .delete('/training/sessions/:id', manage, validate('param', trainingIdParam), async (c) => {
    await deleteSession(consoleAction(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
