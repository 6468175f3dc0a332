import { Hono } from 'hono';
import { signUpInput } from '@ops/shared/schemas/auth';
import type { AppEnv } from '../../lib/context.ts';
import { validate } from '../../lib/validate.ts';
import { signUp } from './auth.service.ts';

/** Our own sign-up (role and profile); everything else under /api/auth is Better Auth's. */
export const accountRoutes = new Hono<AppEnv>().post('/', validate('json', signUpInput), async (c) => {
  const input = c.req.valid('json');
  const { db, auth } = c.get('deps');
  await signUp(db, auth, input, c.req.raw.headers);
  return c.json({ email: input.email }, 201);
});

const NOT_VERIFIED_MESSAGE =
  'Please confirm your e-mail address before signing in. We have sent you a new confirmation link.';

/**
 * Better Auth's handler, behind two adjustments: the client address it rate-limits on is the one we
 * trust (not a header anyone can send), and its messages are worded for our users.
 */
export const betterAuthRoutes = new Hono<AppEnv>().on(['GET', 'POST'], '/*', async (c) => {
  const { auth } = c.get('deps');
  const headers = new Headers(c.req.raw.headers);
  headers.set('x-ops-client-ip', c.get('clientIp'));
  const request = new Request(c.req.raw, { headers });
  const response = await auth.handler(request);
  if (response.status === 403 && c.req.path.endsWith('/sign-in/email')) {
    const body = (await response.clone().json().catch(() => null)) as { code?: string } | null;
    if (body?.code === 'EMAIL_NOT_VERIFIED') {
      return c.json({ code: 'EMAIL_NOT_VERIFIED', message: NOT_VERIFIED_MESSAGE }, 403);
    }
  }
  return response;
});
