import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv, SiteConfig } from './context.ts';
import { mountWebApp } from './web-app.ts';

let dist: string;
const html = '<!doctype html><html><head><title>OPS Security</title></head><body><div id="root"></div></body></html>';
/** The web app's own public files, which the build copies into the folder as they are. */
const publicDir = fileURLToPath(new URL('../../../web/public/', import.meta.url));
const script = 'console.log("a hashed asset");'.repeat(20);

function write(path: string, content: string, compressed = true) {
  writeFileSync(join(dist, path), content);
  if (!compressed) return;
  writeFileSync(join(dist, `${path}.br`), brotliCompressSync(content));
  writeFileSync(join(dist, `${path}.gz`), gzipSync(content));
}

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'ops-web-'));
  mkdirSync(join(dist, 'assets'));
  write('index.html', html);
  write('assets/index-AbC123xy.js', script);
  for (const file of ['favicon.ico', 'favicon.svg', 'robots.txt']) copyFileSync(join(publicDir, file), join(dist, file));
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

function app(site?: SiteConfig) {
  const hono = new Hono<AppEnv>();
  mountWebApp(hono, dist, site);
  return hono;
}

describe('serving the built web app', () => {
  it('sends a hashed asset brotli-compressed and cacheable for a year', async () => {
    const res = await app().request('/assets/index-AbC123xy.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(script);
  });

  it('sends gzip to a browser that does not take brotli', async () => {
    const res = await app().request('/assets/index-AbC123xy.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
  });

  it.each(['/', '/guards', '/guards/some-id?tab=reviews'])('answers %s with index.html, compressed and never cached', async (path) => {
    const res = await app().request(path, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(html);
  });

  it('sends index.html as it is to a client that accepts no compression', async () => {
    const res = await app().request('/guards');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe(html);
  });
});

describe('the site settings in the served page', () => {
  const site: SiteConfig = { whatsappNumber: '254712345678', whatsappGreeting: 'Habari! "Guards" & <escorts>?' };
  const tags =
    '<meta name="ops-whatsapp-number" content="254712345678" />' +
    '<meta name="ops-whatsapp-greeting" content="Habari! &quot;Guards&quot; &amp; &lt;escorts&gt;?" />';
  const served = html.replace('</head>', `${tags}</head>`);

  it.each(['/', '/index.html', '/guards', '/some/unknown/page'])(
    '%s carries the configured WhatsApp number and greeting, compressed too',
    async (path) => {
      const plain = await app(site).request(path);
      expect(plain.status).toBe(200);
      expect(await plain.text()).toBe(served);
      const res = await app(site).request(path, { headers: { 'accept-encoding': 'br' } });
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(served);
      const gzipped = await app(site).request(path, { headers: { 'accept-encoding': 'gzip' } });
      expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString()).toBe(served);
    },
  );
});

describe('a file that is not there', () => {
  it.each(['/assets/index-Missing1.js', '/assets/x.css', '/assets/', '/assets/sub/dir', '/foo.js', '/guards/logo.png', '/.well-known/security.txt'])(
    '%s is a 404 with a short plain body, not the app page',
    async (path) => {
      const res = await app().request(path, { headers: { 'accept-encoding': 'gzip, br' } });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.text()).toBe('Not found');
    },
  );

  it.each(['/guards', '/some/unknown/page', '/auth/reset-password'])('%s, an app route (no file extension), still gets the page', async (path) => {
    const res = await app().request(path);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(html);
  });
});

describe('favicon.ico and robots.txt', () => {
  it('serves a real icon at /favicon.ico: an ICO file of square images, 16 to 48 pixels', async () => {
    const res = await app().request('/favicon.ico');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    const ico = Buffer.from(await res.arrayBuffer());
    // ICONDIR: reserved 0, type 1 (icon), then one 16-byte entry per image: width, height (0 = 256), …, size, offset.
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const count = ico.readUInt16LE(4);
    const sizes = Array.from({ length: count }, (_, i) => {
      const entry = 6 + i * 16;
      expect(ico.readUInt32LE(entry + 12) + ico.readUInt32LE(entry + 8)).toBeLessThanOrEqual(ico.length);
      return [ico.readUInt8(entry), ico.readUInt8(entry + 1)];
    });
    expect(sizes).toEqual(
      expect.arrayContaining([
        [16, 16],
        [32, 32],
      ]),
    );
  });

  it('robots.txt lets crawlers see the public pages and keeps them out of the API and the signed-in areas', async () => {
    const res = await app().request('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await res.text()).split('\n').map((l) => l.trim());
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    const disallowed = lines.filter((l) => l.startsWith('Disallow:')).map((l) => l.slice('Disallow:'.length).trim());
    expect(disallowed.sort()).toEqual(
      [
        '/api/',
        '/dashboard',
        '/profile',
        '/admin',
        '/admin-dashboard',
        '/partner-dashboard',
        '/student-dashboard',
        '/client-dashboard',
        '/guard-dashboard',
        '/booking-success',
        '/sandbox/',
      ].sort(),
    );
    // None of them shuts out a public page.
    for (const page of ['/', '/guards', '/guards/a1b2', '/privacy', '/auth']) expect(disallowed.some((d) => page.startsWith(d))).toBe(false);
  });

  it('the page links the icon, so a browser asking for /favicon.ico finds the same one', () => {
    const index = readFileSync(join(publicDir, '..', 'index.html'), 'utf8');
    expect(index).toMatch(/<link rel="icon" href="\/favicon\.ico"/);
  });
});

describe("a page's code and first reads, named in its HTML and headers", () => {
  let hinted: string;
  const preloads = {
    pages: [
      { pattern: '/courses', files: ['/assets/courses-A1.js', '/assets/kit-B2.js'], firstRead: '/api/courses' },
      { pattern: '/courses/:courseId', files: ['/assets/course-detail-C3.js', '/assets/kit-B2.js'], firstRead: '/api/courses/:courseId' },
      { pattern: '/cert/verify/:ref', files: ['/assets/cert-verify-D4.js'], firstRead: '/api/certificates/verify/:ref' },
      { pattern: '/guards', files: ['/assets/guards-E5.js', 'https://elsewhere.example/x.js', '/assets/"><script>.js'] },
    ],
    notFound: ['/assets/not-found-F6.js'],
  };
  const links = (files: string[]) => files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('');

  beforeAll(() => {
    hinted = mkdtempSync(join(tmpdir(), 'ops-web-hints-'));
    writeFileSync(join(hinted, 'index.html'), html);
    writeFileSync(join(hinted, 'page-preloads.json'), JSON.stringify(preloads));
  });
  afterAll(() => rmSync(hinted, { recursive: true, force: true }));

  function hintedApp() {
    const hono = new Hono<AppEnv>();
    mountWebApp(hono, hinted);
    return hono;
  }

  it.each([
    ['/courses', ['/assets/courses-A1.js', '/assets/kit-B2.js'], '/api/courses'],
    ['/courses/', ['/assets/courses-A1.js', '/assets/kit-B2.js'], '/api/courses'],
    ['/courses/cpo', ['/assets/course-detail-C3.js', '/assets/kit-B2.js'], '/api/courses/cpo'],
    ['/COURSES/cpo?from=home', ['/assets/course-detail-C3.js', '/assets/kit-B2.js'], '/api/courses/cpo'],
  ])('%s preloads its page code and its first read', async (path, files, read) => {
    const res = await hintedApp().request(path);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(html.replace('</head>', `${links(files)}</head>`));
    expect(res.headers.get('link')).toBe(`</api/me>; rel=preload; as=fetch; crossorigin, <${read}>; rel=preload; as=fetch; crossorigin`);
  });

  it('puts the reference back in the first read encoded as the app does (a check character may be = or $)', async () => {
    for (const [ref, read] of [
      ['OPS-ABCDE-FGHJK-MNPQR-%3D', '/api/certificates/verify/OPS-ABCDE-FGHJK-MNPQR-%3D'],
      ['OPS-ABCDE-FGHJK-MNPQR-$', '/api/certificates/verify/OPS-ABCDE-FGHJK-MNPQR-%24'],
      ['OPS-ABCDE-FGHJK-MNPQR-*', '/api/certificates/verify/OPS-ABCDE-FGHJK-MNPQR-*'],
      ['%3Cscript%3E', '/api/certificates/verify/%3Cscript%3E'],
      ['%E0%A4%A', '/api/certificates/verify/%25E0%25A4%25A'],
    ]) {
      const res = await hintedApp().request(`/cert/verify/${ref}`);
      expect(res.headers.get('link')).toBe(`</api/me>; rel=preload; as=fetch; crossorigin, <${read}>; rel=preload; as=fetch; crossorigin`);
    }
  });

  it('names only same-site script files, whatever the build file says', async () => {
    const res = await hintedApp().request('/guards');
    expect(await res.text()).toBe(html.replace('</head>', `${links(['/assets/guards-E5.js'])}</head>`));
    expect(res.headers.get('link')).toBe('</api/me>; rel=preload; as=fetch; crossorigin');
  });

  it('gives an unknown address the 404 page code, and home nothing beyond the first bundle', async () => {
    const unknown = await hintedApp().request('/no/such/page');
    expect(await unknown.text()).toBe(html.replace('</head>', `${links(['/assets/not-found-F6.js'])}</head>`));
    for (const path of ['/', '/index.html']) {
      const home = await hintedApp().request(path);
      expect(await home.text()).toBe(html);
      // Every page, home too, asks who is signed in first.
      expect(home.headers.get('link')).toBe('</api/me>; rel=preload; as=fetch; crossorigin');
    }
  });

  it('compresses each page once with its own hints', async () => {
    const app = hintedApp();
    for (const path of ['/courses', '/courses/cpo', '/courses', '/no/such/page']) {
      const res = await app.request(path, { headers: { 'accept-encoding': 'br' } });
      const body = brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString();
      expect(body).toContain(path === '/courses' ? 'courses-A1.js' : path === '/courses/cpo' ? 'course-detail-C3.js' : 'not-found-F6.js');
    }
  });
});
