import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { getPublicSettings } from '../settings/settings.service.ts';
import { academyNameOf } from './certificate-dto.ts';
import { issuerProfile } from './credential.ts';

/** The academy as a credential issuer: its public profile and key, /api/credentials/*. */
export const credentialRoutes = new Hono<AppEnv>();

/**
 * The Open Badges 3.0 issuer profile that certificates' credentials name as their issuer, with the
 * public key that checks their signatures. Public, cacheable for an hour, readable from any site
 * (an employer's software fetches it to check a credential).
 */
credentialRoutes.get('/issuer', async (c) => {
  const deps = c.get('deps');
  const { companyName } = await getPublicSettings(deps.db);
  const profile = issuerProfile(deps.config.appUrl, academyNameOf(companyName), deps.credentialKey);
  c.header('cache-control', 'public, max-age=3600');
  c.header('access-control-allow-origin', '*');
  return c.json(profile);
});
