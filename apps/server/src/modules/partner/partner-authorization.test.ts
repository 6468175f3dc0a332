/**
 * Every partner portal route, found by walking the app's route table, asked by each kind of person:
 * a guest is told to sign in, clients, guards and admins are refused, and a partner gets past the
 * door. A client or guard marking a cohort audited changes nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cohorts, courses } from '../../db/schema/academy-courses.ts';
import { auditEvents } from '../../db/schema/audit.ts';
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

function partnerRoutes(app: TestContext['app']): { method: string; path: string }[] {
  const seen = new Map<string, { method: string; path: string }>();
  for (const route of app.routes) {
    if (route.method === 'ALL') continue;
    if (!route.path.startsWith('/api/partner/')) continue;
    seen.set(`${route.method} ${route.path}`, { method: route.method, path: route.path });
  }
  return [...seen.values()];
}

const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, crypto.randomUUID());

function ask(client: TestClient, method: string, path: string) {
  const url = concrete(path);
  if (method === 'GET' || method === 'DELETE') return client.request(url, { method });
  return client.request(url, { method, headers: { 'content-type': 'application/json' }, body: '{}' });
}

describe('who may use the partner portal’s API', () => {
  it('finds the portal’s routes in the route table', () => {
    expect(partnerRoutes(t.app).map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'GET /api/partner/cohorts',
        'POST /api/partner/cohorts/:id/audit',
        'GET /api/partner/materials',
        'GET /api/partner/files/:fileId',
      ]),
    );
  });

  it('asks a guest to sign in, refuses clients, guards and admins, and lets partners through, on every route', async () => {
    const people = {
      client: (await t.signedInDirectly('client')).client,
      guard: (await t.signedInDirectly('guard')).client,
      admin: (await t.signedInDirectly('admin')).client,
      partner: (await t.signedInDirectly('partner')).client,
    };
    const routes = partnerRoutes(t.app);
    for (const { method, path } of routes) {
      const statuses = {
        guest: (await ask(t.client(), method, path)).status,
        client: (await ask(people.client, method, path)).status,
        guard: (await ask(people.guard, method, path)).status,
        admin: (await ask(people.admin, method, path)).status,
        partner: (await ask(people.partner, method, path)).status,
      };
      expect.soft(statuses, `${method} ${path}`).toMatchObject({ guest: 401, client: 403, guard: 403, admin: 403 });
      expect.soft([401, 403], `${method} ${path} as a partner`).not.toContain(statuses.partner);
      expect.soft(statuses.partner, `${method} ${path} as a partner`).toBeLessThan(500);
    }
    expect(routes.length).toBeGreaterThanOrEqual(4);
  });

  it('refuses a client, a guard or a guest marking a cohort audited, and nothing changes', async () => {
    await t.database.db.insert(courses).values({
      id: 'cpo',
      title: 'Certified Protection Officer',
      tagline: 'Tagline',
      description: 'Description',
      durationWeeks: 6,
      price: 150_000,
      level: 'Advanced',
      accreditation: 'EBSSA',
      category: 'Security',
      maxStudents: 15,
    });
    const [cohort] = await t.database.db
      .insert(cohorts)
      .values({ courseId: 'cpo', startDate: '2027-03-01', endDate: '2027-04-12', capacity: 15 })
      .returning({ id: cohorts.id });
    const url = `/api/partner/cohorts/${cohort!.id}/audit`;
    expect((await t.client().post(url)).status).toBe(401);
    for (const role of ['client', 'guard', 'admin'] as const) {
      const { client } = await t.signedInDirectly(role);
      expect((await client.post(url)).status, role).toBe(403);
    }
    const [row] = await t.database.db.select().from(cohorts).where(eq(cohorts.id, cohort!.id));
    expect(row).toMatchObject({ audited: false, auditedBy: null, auditedAt: null });
    expect(await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'cohort.audit'))).toHaveLength(0);
  });
});
