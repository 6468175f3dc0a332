import { Hono } from 'hono';
import { etag } from 'hono/etag';
import type { AppEnv } from '../../lib/context.ts';
import { getCourse, listCourses } from './courses.service.ts';

/** The academy's public catalogue: /api/courses and /api/courses/:id. */
export const courseRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    // Cards change with the catalogue and the next start date: a minute's staleness is harmless.
    c.header('cache-control', 'public, max-age=60');
    return c.json(await listCourses(c.get('deps')));
  })
  .get('/:id', etag(), async (c) => {
    // Spots left move with every enrolment: a browser keeps its copy but asks each time, and the
    // ETag makes an unchanged answer a bodiless 304.
    const course = await getCourse(c.get('deps'), c.req.param('id'));
    c.header('cache-control', 'public, no-cache');
    return c.json(course);
  });
