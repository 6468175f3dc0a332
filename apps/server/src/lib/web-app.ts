import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono } from 'hono';
import { parse } from 'regexparam';
import { firstReadPath } from '@ops/shared/domain/first-read';
import type { PagePreloads } from '@ops/shared/page-preloads';
import type { AppEnv, SiteConfig } from './context.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const HTML = /\.html(\.br|\.gz|\.zst)?$/;
/**
 * Paths that name a file (a dot in the last segment, anything under /assets/ or /.well-known/):
 * when no built file answers, the answer is a 404, not the app's page with a 200 that a CDN would
 * keep and a browser would try to run as the script or style it asked for. App routes have no dot.
 */
const FILE_PATH = /^\/(assets|\.well-known)\/|\.[^/]*$/;

/** The path of a request's address as sent, percent-encoding and all. */
const rawPath = (url: string) => new URL(url).pathname;

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The page carries the site's settings as <meta> tags that the app reads (the Content-Security-
 * Policy allows no inline script), so the chat button links to the configured number at once.
 */
export function withSiteConfig(html: string, site: SiteConfig | undefined): string {
  if (!site) return html;
  const tags =
    `<meta name="ops-whatsapp-number" content="${escapeAttribute(site.whatsappNumber)}" />` +
    `<meta name="ops-whatsapp-greeting" content="${escapeAttribute(site.whatsappGreeting)}" />`;
  if (!html.includes('</head>')) throw new Error("The web app's index.html has no </head> to put the site settings in");
  return html.replace('</head>', `${tags}</head>`);
}

/** A page's HTML (with its hints), its first read, and the HTML compressed once asked for. */
interface PageVariant {
  html: string;
  firstRead?: string;
  compressed?: { encoding: string; body: Buffer }[];
}

/** One address pattern of the app (regexparam's form, as the router's) and its page. */
interface PagePattern {
  regex: RegExp;
  keys: string[];
  variant: PageVariant;
}

/** What the app asks first on every page: who is signed in (apps/web/src/main.tsx). */
const SESSION_READ = '/api/me';

const SAFE_ASSET = /^\/assets\/[\w.-]+\.js$/;

/** The page with `<link rel="modulepreload">` for each of these files, after the first bundle. */
function withModulePreloads(html: string, files: string[]): string {
  const links = files
    .filter((file) => SAFE_ASSET.test(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)
    .join('');
  return links ? html.replace('</head>', `${links}</head>`) : html;
}

/**
 * The page's variants by address, from the build's `page-preloads.json`: the same rules as the
 * app's router (regexparam, first match wins), and the 404 page for an address none matches. An
 * older build without the file serves the one page for every address.
 */
function pageVariants(distDir: string, indexHtml: string): { patterns: PagePattern[]; notFound: PageVariant } | undefined {
  const file = join(distDir, 'page-preloads.json');
  if (!existsSync(file)) return undefined;
  const preloads = JSON.parse(readFileSync(file, 'utf8')) as PagePreloads;
  const patterns = preloads.pages.map(({ pattern, files, firstRead }): PagePattern => {
    const { keys, pattern: regex } = parse(pattern);
    return { regex, keys, variant: { html: withModulePreloads(indexHtml, files), ...(firstRead ? { firstRead } : {}) } };
  });
  return { patterns, notFound: { html: withModulePreloads(indexHtml, preloads.notFound) } };
}

/**
 * Serves the built single-page app: hashed assets are immutable for a year (their names change
 * with their content), a missing file is a 404, and every other path gets index.html (with the
 * site's settings), which is never cached. The build writes brotli and gzip copies beside each
 * file; browsers that accept them get those. index.html is compressed here, once, with its settings.
 */
export function mountWebApp(app: Hono<AppEnv>, distDir: string, site?: SiteConfig): void {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) return;
  const indexHtml = withSiteConfig(readFileSync(indexFile, 'utf8'), site);
  // Each variant is compressed at its first request rather than during start-up; a window sized
  // to the page keeps brotli at about a millisecond instead of the tens its default window takes.
  const compress = (html: string) => [
    {
      encoding: 'br',
      body: brotliCompressSync(html, {
        params: { [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html), [constants.BROTLI_PARAM_LGWIN]: 16 },
      }),
    },
    { encoding: 'gzip', body: gzipSync(html, { level: 9 }) },
  ];
  const home: PageVariant = { html: indexHtml };
  const variants = pageVariants(distDir, indexHtml);
  /** The variant for an address as it arrived (still percent-encoded, as the browser's router sees it). */
  const variantFor = (path: string): { variant: PageVariant; params: Record<string, string> } => {
    if (path === '/' || path === '/index.html' || !variants) return { variant: home, params: {} };
    for (const { regex, keys, variant } of variants.patterns) {
      const found = regex.exec(path);
      if (found) return { variant, params: Object.fromEntries(keys.map((key, i) => [key, found[i + 1] ?? ''])) };
    }
    return { variant: variants.notFound, params: {} };
  };

  // serveStatic reports a found file after it has built the response, too late to add headers
  // to it on every runtime; the caching header is noted then and set on the way out.
  const cacheControl = new WeakMap<object, string>();
  app.use('*', async (c, next) => {
    await next();
    const value = cacheControl.get(c);
    if (value) c.res.headers.set('cache-control', value);
  });

  app.use('/assets/*', serveStatic({ root: distDir, precompressed: true, onFound: (_path, c) => void cacheControl.set(c, IMMUTABLE) }));
  const sendIndex = (c: Context<AppEnv>) => {
    const { variant, params } = variantFor(rawPath(c.req.url));
    c.header('cache-control', 'no-cache');
    c.header('vary', 'Accept-Encoding', { append: true });
    // The session (every page's first read, main.tsx) and the page's own first API read start
    // with the page, before its code has arrived and asked for them.
    const reads = [SESSION_READ];
    if (variant.firstRead) reads.push(firstReadPath(variant.firstRead, params));
    c.header('link', reads.map((read) => `<${read}>; rel=preload; as=fetch; crossorigin`).join(', '));
    const accepted = new Set(
      c.req
        .header('accept-encoding')
        ?.split(',')
        .map((e) => e.trim().split(';')[0]),
    );
    const compressed = (variant.compressed ??= compress(variant.html)).find((v) => accepted.has(v.encoding));
    if (!compressed) return c.html(variant.html);
    c.header('content-encoding', compressed.encoding);
    c.header('content-type', 'text/html; charset=utf-8');
    return c.body(new Uint8Array(compressed.body));
  };
  // The page on disk lacks the site's settings: these two never come from the folder.
  app.get('/', sendIndex);
  app.get('/index.html', sendIndex);
  app.use(
    '*',
    serveStatic({
      root: distDir,
      precompressed: true,
      onFound: (path, c) => void cacheControl.set(c, HTML.test(path) ? 'no-cache' : 'public, max-age=3600'),
    }),
  );
  app.get('*', (c) => {
    if (!FILE_PATH.test(c.req.path)) return sendIndex(c);
    // Not kept by a cache: during a deployment the file may exist on the next copy of the server.
    c.header('cache-control', 'no-store');
    return c.text('Not found', 404);
  });
}
