/**
 * No cross-site writes (decision 010): a state-changing request to the API or to the sandbox
 * checkout is served only when a page of the app itself sent it. Better Auth's own origin check is
 * given the same list (`allowedOrigins`), so the two never disagree about a sign-in.
 */
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './context.ts';
import { AppError } from './errors.ts';
import { isOwnOriginRequest } from './origin-policy.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Payment providers call these from their servers, with no Origin and no cookie; each call proves
 * itself with the provider's own challenge, checked by the webhook service.
 */
const SERVER_TO_SERVER_PATHS = ['/api/payments/webhooks/'];

export const CROSS_SITE_MESSAGE = 'This request did not come from the OPS Security site, so nothing was changed.';

export const sameOriginWrites = createMiddleware<AppEnv>(async (c, next) => {
  if (!WRITE_METHODS.has(c.req.method) || SERVER_TO_SERVER_PATHS.some((path) => c.req.path.startsWith(path))) return next();
  const { config, logger } = c.get('deps');
  if (!isOwnOriginRequest(config.origins, c.req.raw)) {
    logger.warn(
      { path: c.req.path, method: c.req.method, origin: c.req.header('origin') ?? null, secFetchSite: c.req.header('sec-fetch-site') ?? null },
      'cross-site write refused (see APP_URL and TRUSTED_ORIGINS)',
    );
    throw AppError.forbidden(CROSS_SITE_MESSAGE);
  }
  return next();
});
