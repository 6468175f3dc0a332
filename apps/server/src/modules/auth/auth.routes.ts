import { Hono, type Context } from 'hono';
import { ERROR_CODES } from '@ops/shared/schemas/errors';
import { COMMON_PASSWORD_MESSAGE, signUpInput } from '@ops/shared/schemas/auth';
import type { AppEnv } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { validate } from '../../lib/validate.ts';
import { beginSignIn, countSignUp, settleSignIn, type Refusal } from './account-protection.service.ts';
import { signUp } from './auth.service.ts';
import { inMinutes } from './auth-throttle.ts';
import { isCommonPassword } from './common-passwords.ts';
import { whileClientWaits } from './password-hash.ts';

function tooManyAttempts(c: Context<AppEnv>, { message, retryAfterSeconds }: Refusal) {
  c.header('Retry-After', String(retryAfterSeconds));
  return c.json({ code: ERROR_CODES.rateLimited, message }, 429);
}

/** Our own sign-up (role, profile, consent); everything else under /api/auth is Better Auth's. */
export const accountRoutes = new Hono<AppEnv>().post('/', validate('json', signUpInput), async (c) => {
  const input = c.req.valid('json');
  const deps = c.get('deps');
  if (isCommonPassword(input.password)) throw AppError.validation({ password: COMMON_PASSWORD_MESSAGE });
  const refusal = await countSignUp(deps, c.get('clientIp'));
  if (refusal) return tooManyAttempts(c, refusal);
  await signUp(deps.db, deps.auth, input, c.req.raw.headers, deps.clock());
  return c.json({ email: input.email }, 201);
});

const NOT_VERIFIED_MESSAGE = 'Please confirm your e-mail address before signing in. We have sent you a new confirmation link.';

/** Takes every `token` out of a JSON body: the session cookie is the session's only carrier. */
function withoutTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokens);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'token')
      .map(([key, v]) => [key, withoutTokens(v)]),
  );
}

async function answered(response: Response): Promise<Response> {
  if (!(response.headers.get('content-type') ?? '').includes('application/json')) return response;
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
  }
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(withoutTokens(body)), { status: response.status, statusText: response.statusText, headers });
}

type Json = Record<string, unknown>;

async function readJson(c: Context<AppEnv>): Promise<Json | null> {
  const body: unknown = await c.req.json().catch(() => null);
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Json) : null;
}

/**
 * A sign-in, counted per account, per address and per both before Better Auth checks the password
 * (account-protection.service.ts says what counts and why).
 */
async function signIn(c: Context<AppEnv>, email: string, forward: () => Promise<Response>): Promise<Response> {
  const deps = c.get('deps');
  const begun = await beginSignIn(deps, email, c.get('clientIp'));
  if ('refusal' in begun) return tooManyAttempts(c, begun.refusal);
  const response = await whileClientWaits(c.req.raw.signal, forward);
  await settleSignIn(deps, begun.ticket, response.status === 401 ? 'wrong-password' : response.status === 200 ? 'signed-in' : 'other');
  return response;
}

/** A new password (reset or change) that is one of the commonest is refused before anything else. */
function refuseCommonNewPassword(body: Json | null) {
  if (typeof body?.newPassword === 'string' && isCommonPassword(body.newPassword)) {
    throw AppError.validation({ newPassword: COMMON_PASSWORD_MESSAGE });
  }
}

/**
 * Better Auth's handler, behind our adjustments: the client address it rate-limits on is the one we
 * trust (not a header anyone can send); sign-in is counted per account and address; new passwords
 * are checked against the common ones; a password change ends every other session of the account;
 * no response body carries the session token; and its messages are worded for our users.
 */
export const betterAuthRoutes = new Hono<AppEnv>().on(['GET', 'POST'], '/*', async (c) => {
  const { auth } = c.get('deps');
  const headers = new Headers(c.req.raw.headers);
  headers.set('x-ops-client-ip', c.get('clientIp'));
  const path = c.req.path.slice(c.req.path.indexOf('/auth/') + '/auth'.length);
  const forward = (body?: Json) => {
    const init: RequestInit = { headers };
    if (body) {
      init.method = c.req.method;
      init.body = JSON.stringify(body);
      headers.set('content-type', 'application/json');
      headers.delete('content-length');
    }
    return auth.handler(body ? new Request(c.req.url, init) : new Request(c.req.raw, init));
  };

  let response: Response;
  if (c.req.method === 'POST' && (path === '/sign-in/email' || path === '/reset-password' || path === '/change-password')) {
    const body = await readJson(c);
    if (!body) {
      throw new AppError(400, ERROR_CODES.validation, 'The request body must be a JSON object');
    } else if (path === '/sign-in/email') {
      response = typeof body.email === 'string' ? await signIn(c, body.email.toLowerCase(), () => forward(body)) : await forward(body);
    } else {
      refuseCommonNewPassword(body);
      // A changed password ends every other session of the account, whatever the request asked;
      // the session that changed it is renewed and stays signed in.
      response = await forward(path === '/change-password' ? { ...body, revokeOtherSessions: true } : body);
    }
  } else {
    response = await forward();
  }

  // Better Auth's own limiter (reset and confirmation e-mails per address), in our error shape.
  const retryAfter = response.headers.get('x-retry-after');
  if (response.status === 429 && retryAfter) {
    c.header('Retry-After', retryAfter);
    return c.json({ code: ERROR_CODES.rateLimited, message: `Too many attempts. Please try again ${inMinutes(Number(retryAfter))}.` }, 429);
  }
  if (response.status === 403 && path === '/sign-in/email') {
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as { code?: string } | null;
    if (body?.code === 'EMAIL_NOT_VERIFIED') {
      return c.json({ code: 'EMAIL_NOT_VERIFIED', message: NOT_VERIFIED_MESSAGE }, 403);
    }
  }
  return answered(response);
});
