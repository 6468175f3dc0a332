import { Hono } from 'hono';
import { z } from 'zod';
import { createEnrollmentInput } from '@ops/shared/schemas/enrollments';
import type { AppEnv } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { requireAuth } from '../../lib/require-auth.ts';
import { validate } from '../../lib/validate.ts';
import { enroll, getEnrollment } from './enrollments.service.ts';

const enrollmentIdParam = z.object({ id: z.uuid({ error: 'Enrolment not found' }) });

/** Enrolling in a cohort and paying its fee: /api/enrollments. Any signed-in person may enrol. */
export const enrollmentRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .post('/', validate('json', createEnrollmentInput), async (c) => {
    const enrollment = await enroll(c.get('deps'), c.get('currentUser'), c.req.valid('json'));
    return c.json(enrollment, 201);
  })
  .get('/:id', async (c) => {
    const parsed = enrollmentIdParam.safeParse({ id: c.req.param('id') });
    // A malformed id is as unknown as someone else's.
    if (!parsed.success) throw AppError.notFound('Enrolment not found');
    c.header('cache-control', 'no-store');
    return c.json(await getEnrollment(c.get('deps'), c.get('currentUser'), parsed.data.id));
  });
