import { Hono } from 'hono';
import { createReviewInput } from '@ops/shared/schemas/reviews';
import type { AppEnv } from '../../lib/context.ts';
import { requireAuth, requireRole } from '../../lib/require-auth.ts';
import { validate } from '../../lib/validate.ts';
import { createReview } from './reviews.service.ts';

export const reviewRoutes = new Hono<AppEnv>().post('/', requireAuth, requireRole('client'), validate('json', createReviewInput), async (c) => {
  const { db, clock } = c.get('deps');
  const review = await createReview(db, c.get('currentUser').profileId, c.req.valid('json'), clock());
  return c.json(review, 201);
});
