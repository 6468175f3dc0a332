import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuditEventPageDto } from '@ops/shared/schemas/audit';
import { auditEvents } from '../../db/schema/audit.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { insertGuard } from '../../test/fixtures.ts';
import { createTestContext, TEST_APP_URL, type TestContext } from '../../test/test-app.ts';
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

const rows = () => t.database.db.select().from(auditEvents);

describe('staff reads of personal data', () => {
  it('records an admin’s read of a guard’s profile (one under review too), and nobody else’s', async () => {
    const pendingGuard = await insertGuard(t.database.db, { fullName: 'Peter Ochieng', status: 'pending' });
    const admin = await t.signedIn('admin');
    const client = await t.signedIn('client');

    expect((await admin.client.get(`/api/guards/${pendingGuard}`)).status).toBe(200);
    const approved = await insertGuard(t.database.db);
    expect((await client.client.get(`/api/guards/${approved}`)).status).toBe(200);

    expect(await rows()).toEqual([
      expect.objectContaining({
        actorProfileId: admin.profileId,
        action: 'guard.read',
        recordType: 'guard',
        recordId: pendingGuard,
        subjectProfileId: pendingGuard,
        clientIp: 'local',
        createdAt: expect.any(Date),
      }),
    ]);
  });

  it('records an admin’s page of the guard list with the guards it showed', async () => {
    const guardId = await insertGuard(t.database.db, { status: 'rejected' });
    const admin = await t.signedIn('admin');
    expect((await admin.client.get('/api/guards')).status).toBe(200);
    const [row] = await rows();
    expect(row).toMatchObject({ actorProfileId: admin.profileId, action: 'guard.list', recordType: 'guard', recordId: null });
    expect((row!.after as { guardProfileIds: string[] }).guardProfileIds).toContain(guardId);
  });

  it('has every read of many at once on record by the time each is answered', async () => {
    const guards = await Promise.all(Array.from({ length: 5 }, (_, i) => insertGuard(t.database.db, { fullName: `Guard ${i}` })));
    const admin = await t.signedIn('admin');
    const reads = Array.from({ length: 30 }, (_, i) => guards[i % guards.length]!);
    const recordedWhenAnswered = await Promise.all(
      reads.map(async (id) => {
        expect((await admin.client.get(`/api/guards/${id}`)).status).toBe(200);
        // Read straight after this answer, before any other request is awaited.
        return (await t.database.db.select({ id: auditEvents.id }).from(auditEvents).where(eq(auditEvents.recordId, id))).length;
      }),
    );
    expect(recordedWhenAnswered.every((n) => n >= 1)).toBe(true);
    const all = await rows();
    expect(all).toHaveLength(30);
    for (const id of guards) expect(all.filter((r) => r.recordId === id)).toHaveLength(6);
  });

  it('records nothing when the read found nothing', async () => {
    const admin = await t.signedIn('admin');
    expect((await admin.client.get(`/api/guards/${crypto.randomUUID()}`)).status).toBe(404);
    expect(await rows()).toHaveLength(0);
  });
});

describe('GET /api/audit-events', () => {
  it('lets admins read the trail, newest first, filtered by person', async () => {
    const guardA = await insertGuard(t.database.db);
    const guardB = await insertGuard(t.database.db);
    const admin = await t.signedIn('admin');
    await admin.client.get(`/api/guards/${guardA}`);
    await admin.client.get(`/api/guards/${guardB}`);

    const all = (await (await admin.client.get('/api/audit-events')).json()) as AuditEventPageDto;
    expect(all.items.map((e) => e.recordId)).toEqual([guardB, guardA]);
    expect(all.hasMore).toBe(false);

    const aboutA = (await (await admin.client.get(`/api/audit-events?subjectProfileId=${guardA}`)).json()) as AuditEventPageDto;
    expect(aboutA.items).toEqual([expect.objectContaining({ action: 'guard.read', subjectProfileId: guardA, actorProfileId: admin.profileId })]);

    const onePage = (await (await admin.client.get('/api/audit-events?pageSize=1')).json()) as AuditEventPageDto;
    expect(onePage).toMatchObject({ pageSize: 1, hasMore: true });
  });

  it('is for admins only', async () => {
    for (const role of ['client', 'guard', 'partner'] as const) {
      const { client } = await t.signedIn(role);
      expect((await client.get('/api/audit-events')).status).toBe(403);
    }
    expect((await t.client().get('/api/audit-events')).status).toBe(401);
  });

  it('offers no way to change or remove a row, and the database refuses to', async () => {
    const guardId = await insertGuard(t.database.db);
    const admin = await t.signedIn('admin');
    await admin.client.get(`/api/guards/${guardId}`);
    const [row] = await rows();

    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const res = await admin.client.request(`/api/audit-events/${row!.id}`, { method });
      expect(res.status).toBe(404);
    }
    expect((await admin.client.request('/api/audit-events', { method: 'DELETE' })).status).toBe(404);

    await expect(t.database.db.update(auditEvents).set({ action: 'guard.edited' }).where(eq(auditEvents.id, row!.id))).rejects.toThrow();
    await expect(t.database.db.delete(auditEvents).where(eq(auditEvents.id, row!.id))).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from audit_events`)).rejects.toThrow();
    expect(await rows()).toHaveLength(1);
  });
});

describe('request log', () => {
  it('says which user asked and from which client address', async () => {
    const { client, profileId } = await t.signedIn('client');
    const [{ userId }] = (await t.database.db.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.id, profileId))) as [
      { userId: string },
    ];
    // As the Node server hands the app its connection.
    const env = { incoming: { socket: { remoteAddress: '41.90.64.12' } } };
    const res = await t.app.request(`${TEST_APP_URL}/api/notifications`, { headers: { cookie: client.cookieHeader } }, env);
    expect(res.status).toBe(200);

    const line = t.logLines.filter((l) => l.msg === 'request' && l.path === '/api/notifications').at(-1);
    expect(line).toMatchObject({ userId, clientIp: '41.90.64.12', method: 'GET', status: 200 });

    await t.client().get('/api/me');
    const visitor = t.logLines.filter((l) => l.msg === 'request' && l.path === '/api/me').at(-1);
    expect(visitor).toMatchObject({ userId: null, clientIp: 'local' });
  });
});
