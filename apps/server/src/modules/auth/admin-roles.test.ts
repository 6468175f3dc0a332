import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BLOCKED_ROLE_MESSAGE,
  COMPANY_ROLE_MESSAGE,
  GUARD_ROLE_MESSAGE,
  LAST_ADMIN_ROLE_MESSAGE,
  OWN_ROLE_MESSAGE,
  type RoleHolderRow,
  type RoleHoldersDto,
  type RolePeopleDto,
} from '@ops/shared/schemas/admin-roles';
import { auditEvents } from '../../db/schema/audit.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { changeRole } from './admin-roles.service.ts';

let factory: TestDatabaseFactory;
let t: TestContext;
let admin: { client: TestClient; profileId: string };
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());
beforeEach(async () => {
  t = await createTestContext(factory);
  admin = await t.signedInDirectly('admin', { fullName: 'Main Admin' });
});
afterEach(() => t.close());

const setRole = (profileId: string, role: string, by: TestClient = admin.client) => by.put(`/api/admin/roles/${profileId}`, { role });

async function roleOf(profileId: string) {
  const [row] = await t.database.db.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, profileId));
  return row?.role;
}

const roleChanges = (subject: string) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, 'role.change'), eq(auditEvents.subjectProfileId, subject)))
    .orderBy(asc(auditEvents.createdAt));

describe('role management', () => {
  it('lists the admins and partners, admins first', async () => {
    await t.signedInDirectly('partner', { fullName: 'Alice Partner' });
    await t.signedInDirectly('admin', { fullName: 'Zed Admin' });
    await t.signedInDirectly('client', { fullName: 'Carol Client' });
    const res = await admin.client.get('/api/admin/roles');
    expect(res.status).toBe(200);
    const { items } = (await res.json()) as RoleHoldersDto;
    expect(items.map((p) => [p.fullName, p.role])).toEqual([
      ['Main Admin', 'admin'],
      ['Zed Admin', 'admin'],
      ['Alice Partner', 'partner'],
    ]);
  });

  it('finds anyone by a fragment of the name or the e-mail, and wants three characters', async () => {
    const wanjiru = await t.signedInDirectly('client', { fullName: 'Wanjiru Kamau', email: 'wk@ops-test.co.ke' });
    await t.signedInDirectly('guard', { fullName: 'Kamau Guard' });
    const search = async (q: string) => {
      const res = await admin.client.get(`/api/admin/roles/people?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      return ((await res.json()) as RolePeopleDto).items;
    };
    expect((await search('kamau')).map((p) => p.fullName)).toEqual(['Kamau Guard', 'Wanjiru Kamau']);
    expect(await search('WK@OPS-TEST')).toMatchObject<Partial<RoleHolderRow>[]>([
      { profileId: wanjiru.profileId, email: 'wk@ops-test.co.ke', role: 'client', blocked: false },
    ]);
    const short = await admin.client.get('/api/admin/roles/people?q=ka');
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ fields: { q: 'Type at least 3 characters' } });
  });

  it('makes a client an admin, who may then open the console; taking it back makes them a client again', async () => {
    const person = await t.signedInDirectly('client');
    expect((await person.client.get('/api/admin/overview')).status).toBe(403);

    const res = await setRole(person.profileId, 'admin');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ profileId: person.profileId, role: 'admin' });
    // The same cookie, the next request: the new role holds.
    expect((await person.client.get('/api/admin/overview')).status).toBe(200);

    expect(await (await setRole(person.profileId, 'client')).json()).toMatchObject({ role: 'client' });
    expect((await person.client.get('/api/admin/overview')).status).toBe(403);

    expect(await roleChanges(person.profileId)).toMatchObject([
      { actorProfileId: admin.profileId, recordType: 'profile', recordId: person.profileId, before: { role: 'client' }, after: { role: 'admin' } },
      { before: { role: 'admin' }, after: { role: 'client' } },
    ]);
  });

  it('makes someone a partner and takes it back; asking for the role already held changes nothing', async () => {
    const person = await t.signedInDirectly('client');
    expect(await (await setRole(person.profileId, 'partner')).json()).toMatchObject({ role: 'partner' });
    expect((await person.client.get('/api/admin/overview')).status).toBe(403);
    expect(await (await setRole(person.profileId, 'partner')).json()).toMatchObject({ role: 'partner' });
    expect(await roleChanges(person.profileId)).toHaveLength(1);
    expect(await (await setRole(person.profileId, 'client')).json()).toMatchObject({ role: 'client' });
  });

  it('refuses to change your own role (403)', async () => {
    const res = await setRole(admin.profileId, 'client');
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ message: OWN_ROLE_MESSAGE });
    expect(await roleOf(admin.profileId)).toBe('admin');
  });

  it('keeps the last admin: the one remaining admin cannot be demoted (409)', async () => {
    const other = await t.signedInDirectly('admin');
    // The other admin takes the first one's role; then nobody may take theirs.
    expect((await setRole(admin.profileId, 'client', other.client)).status).toBe(200);
    const ctx = { db: t.database.db, logger: t.logger, actor: { profileId: admin.profileId, clientIp: null }, now: new Date() };
    await expect(changeRole(ctx, other.profileId, 'partner')).rejects.toMatchObject({ status: 409, message: LAST_ADMIN_ROLE_MESSAGE });
    expect(await roleOf(other.profileId)).toBe('admin');
    expect(await roleChanges(other.profileId)).toEqual([]);
  });

  it('when two admins demote each other at the same moment, one stays', async () => {
    const other = await t.signedInDirectly('admin');
    const [a, b] = await Promise.all([setRole(other.profileId, 'client'), setRole(admin.profileId, 'client', other.client)]);
    // The second is refused: as no longer an admin (403), or as taking the last admin's role (409).
    expect([a.status, b.status].filter((s) => s === 200)).toHaveLength(1);
    expect([a.status, b.status].filter((s) => s === 403 || s === 409)).toHaveLength(1);
    const roles = [await roleOf(admin.profileId), await roleOf(other.profileId)];
    expect(roles.filter((r) => r === 'admin')).toHaveLength(1);
  });

  it('refuses admin or partner for a guard, a company or a blocked account (409), changing nothing', async () => {
    const guard = await t.signedInDirectly('guard');
    const company = await t.signedInDirectly('client', { isCompany: true, companyName: 'Acme Ltd' });
    const blocked = await t.signedInDirectly('client');
    await t.database.db.update(profiles).set({ blockedAt: new Date(), blockedReason: 'test' }).where(eq(profiles.id, blocked.profileId));

    for (const [who, message] of [
      [guard.profileId, GUARD_ROLE_MESSAGE],
      [company.profileId, COMPANY_ROLE_MESSAGE],
      [blocked.profileId, BLOCKED_ROLE_MESSAGE],
    ] as const) {
      const res = await setRole(who, 'admin');
      expect(res.status, message).toBe(409);
      expect(await res.json()).toMatchObject({ message });
    }
    expect((await setRole(guard.profileId, 'client')).status).toBe(409);
    expect([await roleOf(guard.profileId), await roleOf(company.profileId), await roleOf(blocked.profileId)]).toEqual(['guard', 'client', 'client']);
    expect(await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'role.change'))).toEqual([]);
  });

  it('answers 404 for nobody and 400 for a role that cannot be given', async () => {
    expect((await setRole(crypto.randomUUID(), 'admin')).status).toBe(404);
    const person = await t.signedInDirectly('client');
    const res = await setRole(person.profileId, 'guard');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ fields: { role: 'The role must be admin, partner or client' } });
  });
});
