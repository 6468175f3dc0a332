import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { etag } from 'hono/etag';
import type { AppEnv } from '../../lib/context.ts';
import { getPublicSettings, openLogo } from './settings.service.ts';

/** What anyone may read of the settings: the brand and the booking forms' limits. */
export const settingsRoutes = new Hono<AppEnv>()
  .get('/public', etag(), async (c) => {
    // Saved settings hold at once for everyone: a browser keeps its copy but asks each time, and the
    // ETag makes an unchanged answer a bodiless 304.
    c.header('cache-control', 'public, no-cache');
    return c.json(await getPublicSettings(c.get('deps').db));
  })
  // The logo is public by nature. Under the address of the current file (?v=<id>) it never changes.
  .get('/logo', async (c) => {
    const { file, object } = await openLogo(c.get('deps'));
    c.header('content-type', file.contentType);
    c.header('content-length', String(object.size));
    c.header('content-disposition', 'inline');
    c.header('x-content-type-options', 'nosniff');
    c.header('cache-control', c.req.query('v') === file.id ? 'public, max-age=31536000, immutable' : 'public, max-age=60');
    return c.body(Readable.toWeb(object.stream) as ReadableStream<Uint8Array>);
  });
