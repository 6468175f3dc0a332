import { Hono } from 'hono';
import { trainingCourseParam, trainingIdParam } from '@ops/shared/schemas/admin-training';
import { announcementInput } from '@ops/shared/schemas/admin-course-content';
import { body, consoleAction, noStore } from '../../lib/console-route.ts';
import type { AppEnv } from '../../lib/context.ts';
import { requirePermission } from '../../lib/require-auth.ts';
import { validate } from '../../lib/validate.ts';
import { createAnnouncement, deleteAnnouncement, listAnnouncements } from './announcements.service.ts';

const manage = requirePermission('academy.manage');

/** A course's announcements, kept from the console: /api/admin/training/…/announcements. */
export const announcementRoutes = new Hono<AppEnv>()
  .get('/training/courses/:courseId/announcements', manage, validate('param', trainingCourseParam), async (c) => {
    noStore(c);
    return c.json(await listAnnouncements(c.get('deps').db, c.req.valid('param').courseId));
  })
  .post('/training/courses/:courseId/announcements', manage, validate('param', trainingCourseParam), body(announcementInput), async (c) => {
    return c.json(await createAnnouncement(consoleAction(c), c.req.valid('param').courseId, c.req.valid('json')), 201);
  })
  .delete('/training/announcements/:id', manage, validate('param', trainingIdParam), async (c) => {
    await deleteAnnouncement(consoleAction(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
