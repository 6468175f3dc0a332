import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { credentialCheckInput } from '@ops/shared/schemas/certificates';
import type { AppEnv } from '../../lib/context.ts';
import { validate } from '../../lib/validate.ts';
import { fileResponse } from '../files/file-response.ts';
import { openStoredFile } from '../files/files.service.ts';
import { certificatePdfFile, checkCredential, lookUp, NOT_FOUND_BODY, toVerificationDto, TOO_MANY_BODY, type Lookup } from './certificates.service.ts';

/** A valid or expired certificate may be cached for a minute, so a revocation shows within one. */
const FRESH_FOR = 'public, max-age=60';

/** 404 (unknown, malformed or mistyped alike), 429 or 410: never cached. */
function refusal(c: Context<AppEnv>, lookup: Exclude<Lookup, { kind: 'found' }>) {
  c.header('cache-control', 'no-store');
  if (lookup.kind === 'limited') {
    c.header('retry-after', String(lookup.retryAfterSeconds));
    return c.json(TOO_MANY_BODY, 429);
  }
  return c.json(NOT_FOUND_BODY, 404);
}

/** Public verification of issued certificates: /api/certificates/*. */
export const certificateRoutes = new Hono<AppEnv>()
  .get('/verify/:ref', async (c) => {
    const lookup = await lookUp(c.get('deps'), c.req.param('ref'), c.get('clientIp'));
    if (lookup.kind !== 'found') return refusal(c, lookup);
    const body = JSON.stringify(toVerificationDto(lookup.certificate, lookup.state));
    c.header('content-type', 'application/json');
    if (lookup.state === 'revoked') {
      c.header('cache-control', 'no-store');
      return c.body(body, 410);
    }
    const tag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    c.header('cache-control', FRESH_FOR);
    c.header('etag', tag);
    if (
      c.req
        .header('if-none-match')
        ?.split(/\s*,\s*/)
        .some((t) => t.replace(/^W\//, '') === tag)
    )
      return c.body(null, 304);
    return c.body(body, 200);
  })
  .get('/verify/:ref/pdf', async (c) => {
    const deps = c.get('deps');
    const lookup = await lookUp(deps, c.req.param('ref'), c.get('clientIp'));
    if (lookup.kind !== 'found') return refusal(c, lookup);
    if (lookup.state === 'revoked') {
      c.header('cache-control', 'no-store');
      return c.json(toVerificationDto(lookup.certificate, lookup.state), 410);
    }
    const file = await certificatePdfFile(deps, lookup.certificate);
    if (!file) return refusal(c, { kind: 'unknown' });
    const object = await openStoredFile(deps, file);
    const response = fileResponse(c, { ...file, originalName: `${lookup.certificate.certificateRef}.pdf` }, object, 'inline');
    return response;
  })
  .post('/verify-credential', validate('json', credentialCheckInput), async (c) => {
    const checked = await checkCredential(c.get('deps'), c.req.valid('json').credential, c.get('clientIp'));
    c.header('cache-control', 'no-store');
    if ('kind' in checked) return refusal(c, checked);
    return c.json(checked, 200);
  });
