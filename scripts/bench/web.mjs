// The web budgets, measured against a running production server (`npm run build`, then
// `node apps/server/dist/index.js` with NODE_ENV=production): JavaScript per page, how assets are
// served, and Lighthouse's mobile scores. Imported by the benchmark suite (measureWeb) or run alone:
//   BASE_URL=http://127.0.0.1:3000 node scripts/bench/web.mjs [--json]
// It builds nothing and changes no data except signing the demo client in.
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_PATH, CHROMIUM_FLAGS, runLighthouse } from './web-lighthouse.mjs';

export const BUDGETS = {
  jsKiB: { '/': 90, '/guards': 130 },
  lighthouse: { performance: 95, accessibility: 95, 'best-practices': 95 },
  immutable: 'public, max-age=31536000, immutable',
};

const DEMO_CLIENT = { email: 'client@example.co.ke', password: 'Client#2026!' };
const DEMO_ADMIN = { email: 'admin@opssecurity.co.ke', password: 'Admin#2026!' };
const kib = (bytes) => Math.round((bytes / 1024) * 10) / 10;

/** Signs in through the auth API and returns the session cookie ("name=value"). */
export async function signIn(baseUrl, email, password) {
  const res = await fetch(new URL('/api/auth/sign-in/email', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(baseUrl).origin },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`Sign-in as ${email} failed: HTTP ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token='));
  if (!cookie) throw new Error('Sign-in answered without a session cookie');
  return cookie.split(';')[0];
}

async function firstGuardId(baseUrl, cookie) {
  const res = await fetch(new URL('/api/guards?pageSize=1', baseUrl), { headers: { cookie } });
  if (!res.ok) return null;
  const body = await res.json();
  const items = body.items ?? body.guards ?? body.data ?? [];
  return items[0]?.id ?? null;
}

/** A certificate of the demo data that still holds (not revoked), for its public verify page. */
async function validCertificateRef(baseUrl) {
  const cookie = await signIn(baseUrl, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const res = await fetch(new URL('/api/admin/training/certificates', baseUrl), { headers: { cookie } });
  if (!res.ok) return null;
  const rows = await res.json();
  return (Array.isArray(rows) ? rows : (rows.items ?? [])).find((c) => c.state !== 'revoked')?.certificateRef ?? null;
}

/** Every script the browser downloads while loading `path` in a fresh profile, until network idle. */
async function scriptsLoadedBy(browser, baseUrl, path, cookie) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  if (cookie) {
    const [name, ...value] = cookie.split('=');
    await context.addCookies([{ name, value: value.join('='), url: baseUrl }]);
  }
  const page = await context.newPage();
  const pending = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    const type = response.headers()['content-type'] ?? '';
    if (response.request().resourceType() !== 'script' && !url.pathname.endsWith('.js') && !type.includes('javascript')) return;
    pending.push(
      response.body().then(
        (body) => ({
          url: url.origin === new URL(baseUrl).origin ? url.pathname : url.href,
          thirdParty: url.origin !== new URL(baseUrl).origin,
          rawBytes: body.length,
          gzipBytes: gzipSync(body, { level: 9 }).length,
          encoding: response.headers()['content-encoding'] ?? 'none',
        }),
        () => null,
      ),
    );
  });
  await page.goto(new URL(path, baseUrl).href, { waitUntil: 'networkidle' });
  const files = (await Promise.all(pending)).filter(Boolean).sort((a, b) => b.gzipBytes - a.gzipBytes);
  await context.close();
  const totalGzip = files.reduce((sum, f) => sum + f.gzipBytes, 0);
  return { path, files, totalGzipKiB: kib(totalGzip), totalRawKiB: kib(files.reduce((s, f) => s + f.rawBytes, 0)) };
}

/** Headers only: what a browser that accepts gzip and brotli is sent. */
async function headersOf(baseUrl, path) {
  const res = await fetch(new URL(path, baseUrl), { headers: { 'accept-encoding': 'gzip, br' } });
  await res.arrayBuffer();
  return {
    path,
    status: res.status,
    cacheControl: res.headers.get('cache-control'),
    contentEncoding: res.headers.get('content-encoding') ?? 'none',
  };
}

async function servingChecks(baseUrl) {
  const html = await (await fetch(baseUrl)).text();
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  const entry = assets.find((a) => /\/index-[^/]*\.js$/.test(a)) ?? assets.find((a) => a.endsWith('.js'));
  const css = assets.find((a) => a.endsWith('.css'));
  // A script in the page's head from another origin that is neither async, deferred nor a module
  // blocks the first paint on someone else's server.
  const blocking = [...html.matchAll(/<script\b([^>]*)>/g)]
    .map((m) => m[1])
    .filter((attrs) => /src="https?:\/\//.test(attrs) && !/\b(async|defer)\b|type="module"/.test(attrs));
  return {
    index: await headersOf(baseUrl, '/'),
    deepLink: await headersOf(baseUrl, '/guards'),
    assets: await Promise.all([entry, css].filter(Boolean).map((a) => headersOf(baseUrl, a))),
    renderBlockingThirdParty: blocking,
  };
}

function budgetRows(routes, serving, lighthouse) {
  const rows = [];
  for (const r of routes) {
    const limit = BUDGETS.jsKiB[r.label];
    if (limit) rows.push({ budget: `JS ${r.label} (gzip KiB)`, value: r.totalGzipKiB, limit: `≤ ${limit}`, pass: r.totalGzipKiB <= limit });
  }
  for (const a of serving.assets) {
    rows.push({
      budget: `cache-control ${a.path.replace(/-[\w-]{8}\./, '-*.')}`,
      value: a.cacheControl,
      limit: BUDGETS.immutable,
      pass: a.cacheControl === BUDGETS.immutable,
    });
    rows.push({
      budget: `content-encoding ${a.path.split('.').pop()}`,
      value: a.contentEncoding,
      limit: 'br | gzip',
      pass: ['br', 'gzip'].includes(a.contentEncoding),
    });
  }
  // A file of a few hundred bytes may not get smaller by compression; from 1 KiB on, it always does.
  const loadedJs = routes.flatMap((r) => r.files.filter((f) => !f.thirdParty && f.rawBytes >= 1024));
  const uncompressed = loadedJs.filter((f) => !['br', 'gzip', 'zstd'].includes(f.encoding));
  rows.push({
    budget: 'every JS file ≥ 1 KiB compressed',
    value: `${loadedJs.length - uncompressed.length}/${loadedJs.length}`,
    limit: 'all',
    pass: uncompressed.length === 0,
  });
  for (const p of [serving.index, serving.deepLink]) {
    rows.push({
      budget: `cache-control ${p.path} (index.html)`,
      value: p.cacheControl,
      limit: 'no-cache',
      pass: /no-cache|no-store/.test(p.cacheControl ?? ''),
    });
  }
  const thirdParty = routes.flatMap((r) => r.files.filter((f) => f.thirdParty)).length + serving.renderBlockingThirdParty.length;
  rows.push({ budget: 'render-blocking third-party scripts', value: thirdParty, limit: '0', pass: thirdParty === 0 });
  for (const page of lighthouse) {
    for (const [category, min] of Object.entries(BUDGETS.lighthouse)) {
      const score = page.median[category];
      rows.push({ budget: `Lighthouse ${page.label} ${category}`, value: score, limit: `≥ ${min}`, pass: score >= min });
    }
  }
  return rows;
}

/**
 * Measures the web budgets. Options: baseUrl; clientEmail/clientPassword (the demo client by
 * default); lighthouseRuns (3 by default, the median is reported; 0 skips Lighthouse).
 */
export async function measureWeb({
  baseUrl = 'http://127.0.0.1:3000',
  clientEmail = DEMO_CLIENT.email,
  clientPassword = DEMO_CLIENT.password,
  lighthouseRuns = 3,
} = {}) {
  const cookie = await signIn(baseUrl, clientEmail, clientPassword);
  const guardId = await firstGuardId(baseUrl, cookie);
  const certificateRef = await validCertificateRef(baseUrl);
  const pages = [
    { label: '/', path: '/', cookie: null },
    { label: '/auth', path: '/auth', cookie: null },
    { label: '/guards', path: '/guards', cookie },
    ...(guardId ? [{ label: '/guards/:id', path: `/guards/${guardId}`, cookie }] : []),
    // The academy's public pages are found from search and opened on phones, by visitors.
    { label: '/courses', path: '/courses', cookie: null },
    { label: '/courses/cpo', path: '/courses/cpo', cookie: null },
    // An employer opens a certificate's QR link on a phone.
    ...(certificateRef ? [{ label: '/cert/verify/:ref', path: `/cert/verify/${certificateRef}`, cookie: null }] : []),
  ];

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const routes = [];
  try {
    for (const p of pages) routes.push({ label: p.label, signedIn: Boolean(p.cookie), ...(await scriptsLoadedBy(browser, baseUrl, p.path, p.cookie)) });
  } finally {
    await browser.close();
  }
  const serving = await servingChecks(baseUrl);

  const lighthouse = [];
  if (lighthouseRuns > 0) {
    for (const p of pages.filter((pg) => pg.label !== '/guards/:id')) {
      lighthouse.push({ label: p.label, signedIn: Boolean(p.cookie), ...(await runLighthouse(new URL(p.path, baseUrl).href, p.cookie, lighthouseRuns)) });
    }
  }

  const budgets = budgetRows(routes, serving, lighthouse);
  return { baseUrl, routes, serving, lighthouse, budgets, pass: budgets.every((b) => b.pass) };
}

function pad(value, width) {
  const text = String(value);
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

export function printWebReport(result, log = console.log) {
  log(`\nWeb budgets against ${result.baseUrl}\n`);
  for (const r of result.routes) {
    log(`${r.label}${r.signedIn ? ' (signed-in client)' : ''}: ${r.files.length} JS files, ${r.totalGzipKiB} KiB gzip (${r.totalRawKiB} KiB raw)`);
    for (const f of r.files) log(`    ${pad(kib(f.gzipBytes), 6)} KiB  ${pad(f.encoding, 5)} ${f.url}`);
  }
  if (result.lighthouse.length) {
    log('\nLighthouse (mobile, median of runs)');
    log(`  ${pad('page', 14)}${pad('perf', 6)}${pad('a11y', 6)}${pad('bp', 6)}${pad('LCP ms', 8)}${pad('TBT ms', 8)}CLS    runs (perf)`);
    for (const p of result.lighthouse) {
      const m = p.median;
      log(
        `  ${pad(p.label, 14)}${pad(m.performance, 6)}${pad(m.accessibility, 6)}${pad(m['best-practices'], 6)}${pad(m.lcpMs, 8)}${pad(m.tbtMs, 8)}${pad(m.cls, 7)}${p.runs.map((r) => r.performance).join(', ')}`,
      );
      for (const failed of p.failedAudits) log(`      ${failed}`);
    }
  }
  log('\nBudgets');
  for (const b of result.budgets) log(`  ${b.pass ? 'PASS' : 'FAIL'}  ${pad(b.budget, 42)} ${pad(b.value, 12)} ${b.limit}`);
  log(`\n${result.pass ? 'PASS' : 'FAIL'}: web budgets\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await measureWeb({
    baseUrl: process.env.BASE_URL ?? 'http://127.0.0.1:3000',
    clientEmail: process.env.CLIENT_EMAIL ?? DEMO_CLIENT.email,
    clientPassword: process.env.CLIENT_PASSWORD ?? DEMO_CLIENT.password,
    lighthouseRuns: Number(process.env.LIGHTHOUSE_RUNS ?? 3),
  });
  if (process.argv.includes('--json')) console.log(JSON.stringify(result, null, 2));
  else printWebReport(result);
  process.exitCode = result.pass ? 0 : 1;
}
