/**
 * Every console route, found by walking the app's route table (not a list kept by hand), asked by
 * each kind of person: a guest is told to sign in, clients, guards and partners are refused, and an
 * admin gets past the door. A console route added without its permission check fails here.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';

let factory: TestDatabaseFactory;
let t: TestContext;
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());
beforeEach(async () => {
  t = await createTestContext(factory);
});
afterEach(() => t.close());

/** Admin-only areas of the API. */
const STAFF_PREFIXES = ['/api/admin/', '/api/audit-events'];

function staffRoutes(app: TestContext['app']): { method: string; path: string }[] {
  const seen = new Map<string, { method: string; path: string }>();
  for (const route of app.routes) {
    // Middleware registered with use() is listed as ALL; only real endpoints are asked.
    if (route.method === 'ALL') continue;
    if (!STAFF_PREFIXES.some((prefix) => route.path.startsWith(prefix))) continue;
    seen.set(`${route.method} ${route.path}`, { method: route.method, path: route.path });
  }
  return [...seen.values()];
}

/** A concrete URL for a route pattern: every :param becomes an id that names nothing. */
const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, crypto.randomUUID());

function ask(client: TestClient, method: string, path: string) {
  const url = concrete(path);
  if (method === 'GET' || method === 'DELETE') return client.request(url, { method });
  return client.request(url, { method, headers: { 'content-type': 'application/json' }, body: '{}' });
}

describe('who may use the console’s API', () => {
  it('finds the console’s routes in the route table', () => {
    const routes = staffRoutes(t.app).map((r) => `${r.method} ${r.path}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/admin/overview',
        'GET /api/admin/guards',
        'GET /api/admin/guards/:profileId',
        'PUT /api/admin/guards/:profileId/approval',
        'GET /api/admin/officers',
        'PATCH /api/admin/officers/:profileId/stages',
        'POST /api/admin/officers/:profileId/approve',
        'POST /api/admin/officers/:profileId/reject',
        'GET /api/admin/activity',
        'GET /api/admin/activity.csv',
        'GET /api/audit-events',
      ]),
    );
  });

  it('asks a guest to sign in, refuses clients, guards and partners, and lets admins through, on every route', async () => {
    const people = {
      client: (await t.signedInDirectly('client')).client,
      guard: (await t.signedInDirectly('guard')).client,
      partner: (await t.signedInDirectly('partner')).client,
      admin: (await t.signedInDirectly('admin')).client,
    };
    const answers: string[] = [];
    for (const { method, path } of staffRoutes(t.app)) {
      const statuses = {
        guest: (await ask(t.client(), method, path)).status,
        client: (await ask(people.client, method, path)).status,
        guard: (await ask(people.guard, method, path)).status,
        partner: (await ask(people.partner, method, path)).status,
        admin: (await ask(people.admin, method, path)).status,
      };
      answers.push(`${method} ${path}: ${JSON.stringify(statuses)}`);
      expect.soft(statuses, `${method} ${path}`).toMatchObject({ guest: 401, client: 403, guard: 403, partner: 403 });
      expect.soft([401, 403], `${method} ${path} as an admin`).not.toContain(statuses.admin);
      expect.soft(statuses.admin, `${method} ${path} as an admin`).toBeLessThan(500);
    }
    expect(answers.length).toBeGreaterThanOrEqual(11);
  });
});
