/**
 * Property: whatever a client sends to a route that changes something (wrong types, missing
 * fields, NUL bytes, absurd numbers, deep nesting, non-JSON, the wrong content type, too much), the
 * answer is a 4xx, never a 5xx, and no row is written. The routes are read from the app itself, so a
 * new one is fuzzed as soon as it is mounted (and this file asks for its sample body, kept in
 * test/fuzz-route-samples.ts and test/fuzz-console-samples.ts).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGuard } from './test/fixtures.ts';
import { bodies, body, toJson, type Body, type Role, type RouteSpec } from './test/fuzz-bodies.ts';
import { CONSOLE_ROUTE_SAMPLES } from './test/fuzz-console-samples.ts';
import { siteRouteSamples, type FuzzScene } from './test/fuzz-route-samples.ts';
import { book, pay } from './test/payment-helpers.ts';
import { rowCounts } from './test/row-counts.ts';
import { createTestContext, TEST_APP_URL, type TestContext } from './test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from './test/test-database.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const RUNS = 20;
const BETTER_AUTH_RUNS = 6;

let factory: TestDatabaseFactory;
let t: TestContext;
const cookies: Record<Role, string> = { visitor: '', client: '', guard: '', admin: '', partner: '' };
const scene: FuzzScene = { bookingId: '', checkoutRef: '' };

const SPECS: Record<string, RouteSpec> = { ...siteRouteSamples(scene), ...CONSOLE_ROUTE_SAMPLES };

/** Better Auth's endpoints that end sessions or read none of the body: fuzzed without a session. */
const BETTER_AUTH_VISITOR_ONLY = new Set([
  '/sign-out',
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
  '/delete-user',
  '/update-session',
  '/get-session',
]);

// ---------------------------------------------------------------------------------------------

interface Route {
  method: string;
  path: string;
  spec: RouteSpec;
  betterAuth: boolean;
}

/** Every state-changing route the app serves; Better Auth's wildcard is opened into its endpoints. */
function writeRoutes(): Route[] {
  const seen = new Set<string>();
  const routes: Route[] = [];
  for (const { method, path } of t.app.routes) {
    const key = `${method} ${path}`;
    if (!WRITE_METHODS.has(method) || path.endsWith('/*') || seen.has(key)) continue;
    seen.add(key);
    const spec = SPECS[key];
    if (!spec) throw new Error(`${key} has no sample in test/fuzz-route-samples.ts or test/fuzz-console-samples.ts: add one so the route is fuzzed`);
    routes.push({ method, path, spec, betterAuth: false });
  }
  expect(t.app.routes.some((r) => r.method === 'POST' && r.path === '/api/auth/*')).toBe(true);
  const endpoints = Object.values(t.deps.auth.api as unknown as Record<string, { path?: string; options?: { method?: string | string[] } }>);
  for (const endpoint of endpoints) {
    const methods = [endpoint.options?.method ?? []].flat();
    if (!endpoint.path || !methods.includes('POST')) continue;
    const visitor = BETTER_AUTH_VISITOR_ONLY.has(endpoint.path);
    routes.push({
      method: 'POST',
      path: `/api/auth${endpoint.path}`,
      spec: { role: visitor ? 'visitor' : 'client', readsNoBody: visitor, param: () => 'credential' },
      betterAuth: true,
    });
  }
  return routes;
}

async function send(route: Route, sent: Body, param?: string) {
  const path = route.path.replace(/:(id|ref|profileId|courseId|cohortId|guardProfileId|bookingId)\b/g, () =>
    encodeURIComponent(param ?? route.spec.param?.() ?? ''),
  );
  const headers = new Headers({ origin: TEST_APP_URL });
  if (sent.contentType) headers.set('content-type', sent.contentType);
  const cookie = cookies[route.spec.role];
  if (cookie) headers.set('cookie', cookie);
  return t.app.request(`${TEST_APP_URL}${path}`, { method: route.method, headers, body: sent.text });
}

beforeAll(async () => {
  factory = await createTestDatabaseFactory();
  t = await createTestContext(factory);
  const client = await t.signedIn('client', { phone: '254712345678' });
  const guard = await t.signedIn('guard');
  cookies.client = client.client.cookieHeader;
  cookies.guard = guard.client.cookieHeader;
  cookies.admin = (await t.signedIn('admin')).client.cookieHeader;
  cookies.partner = (await t.signedIn('partner')).client.cookieHeader;
  const booked = await book(client.client, await insertGuard(t.database.db));
  scene.bookingId = booked.id;
  const { body: payment } = await pay(client.client, booked.id, { method: 'card' });
  scene.checkoutRef = new URL(payment.checkoutUrl ?? '', TEST_APP_URL).pathname.split('/').pop() ?? '';
});
afterAll(async () => {
  await t.close();
  await factory.dispose();
});

/** The per-address counters a throttled route keeps are left out of its comparison. */
function withoutThrottles(counts: Record<string, number>, spec: RouteSpec): Record<string, number> {
  if (!spec.throttled) return counts;
  const { auth_throttles: _counter, ...rest } = counts;
  return rest;
}

describe('malformed input to every state-changing route', () => {
  it('gets a 4xx (never a 5xx) and writes nothing', { timeout: 240_000 }, async () => {
    const limit = t.deps.config.bodyLimitBytes;
    for (const route of writeRoutes()) {
      const before = await rowCounts(t.database.db);
      await fc.assert(
        fc.asyncProperty(bodies(route.spec, limit), async (sent) => {
          const res = await send(route, sent);
          const answer = `${route.method} ${route.path} with ${sent.what} (${sent.text.slice(0, 80)}) → ${res.status}: ${(await res.text()).slice(0, 200)}`;
          expect(res.status, answer).toBeLessThan(500);
          if (!route.spec.readsNoBody && !route.spec.verdictOnAnyText && !route.betterAuth) expect(res.status, answer).toBeGreaterThanOrEqual(400);
          if (res.status === 413) expect(res.headers.get('connection'), answer).toBe('close');
        }),
        { numRuns: route.betterAuth ? BETTER_AUTH_RUNS : RUNS },
      );
      expect(withoutThrottles(await rowCounts(t.database.db), route.spec), `${route.method} ${route.path} wrote rows`).toEqual(
        withoutThrottles(before, route.spec),
      );
    }
  });

  it('refuses hostile path parameters with a 4xx and writes nothing', async () => {
    const hostile = ['\u0000', 'a\u0000b', 'x'.repeat(2000), '1e308', '-1', '../../etc/passwd', '%', '\u202e', "' or 1=1 --", '{}'];
    const before = await rowCounts(t.database.db);
    for (const route of writeRoutes().filter((r) => !r.betterAuth && r.spec.param)) {
      for (const param of hostile) {
        const sample = route.spec.form
          ? body('the sample', 'application/x-www-form-urlencoded', new URLSearchParams(route.spec.sample?.() as Record<string, string>).toString())
          : body('the sample', 'application/json', toJson(route.spec.sample?.() ?? {}));
        const res = await send(route, sample, param);
        const answer = `${route.method} ${route.path} with :param ${JSON.stringify(param.slice(0, 20))} → ${res.status}: ${(await res.text()).slice(0, 200)}`;
        expect(res.status, answer).toBeGreaterThanOrEqual(400);
        expect(res.status, answer).toBeLessThan(500);
      }
    }
    expect(await rowCounts(t.database.db)).toEqual(before);
  });
});
