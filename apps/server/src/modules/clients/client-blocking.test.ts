import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ACCOUNT_BLOCKED_MESSAGE,
  CANNOT_BLOCK_ADMIN_MESSAGE,
  CANNOT_BLOCK_SELF_MESSAGE,
  DEFAULT_BLOCK_REASON,
  type BlockClientResult,
} from '@ops/shared/schemas/admin-clients';
import { sessions } from '../../db/schema/auth.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { insertBooking } from '../../test/fixtures.ts';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { BLOCKED_HOLD_REASON } from './client-blocking.service.ts';

let factory: TestDatabaseFactory;
let t: TestContext;
let admin: { client: TestClient; profileId: string };
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());
beforeEach(async () => {
  t = await createTestContext(factory);
  admin = await t.signedInDirectly('admin');
});
afterEach(() => t.close());

const block = (profileId: string, body: unknown = {}, by: TestClient = admin.client) => by.post(`/api/admin/clients/${profileId}/block`, body);
const unblock = (profileId: string, by: TestClient = admin.client) => by.post(`/api/admin/clients/${profileId}/unblock`, {});

const signIn = (email: string) => t.client().post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD });

async function sessionCount(profileId: string): Promise<number> {
  const rows = await t.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(profiles, eq(profiles.userId, sessions.userId))
    .where(eq(profiles.id, profileId));
  return rows.length;
}

const auditOf = (action: string, subject: string) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.subjectProfileId, subject)));

describe('blocking a client', () => {
  it('ends the account’s sessions at once: its cookie is refused on the next request', async () => {
    const client = await t.signedIn('client');
    expect((await client.client.get('/api/me')).status).toBe(200);

    const res = await block(client.profileId, { reason: 'Abusive messages to guards' });
    expect(res.status).toBe(200);
    const result = (await res.json()) as BlockClientResult;
    expect(result).toMatchObject({ endedSessions: 1, client: { status: 'blocked', blockedReason: 'Abusive messages to guards' } });
    expect(await sessionCount(client.profileId)).toBe(0);

    const refused = await client.client.get('/api/bookings');
    expect(refused.status).toBe(401);
  });

  it('refuses a blocked account’s live session on every route, with 403 and the reason', async () => {
    const client = await t.signedInDirectly('client');
    // A session that outlived the block (written after it, as a sign-in racing the block could).
    await t.database.db.update(profiles).set({ blockedAt: new Date(), blockedReason: DEFAULT_BLOCK_REASON }).where(eq(profiles.id, client.profileId));

    for (const path of ['/api/me', '/api/bookings', '/api/notifications']) {
      const res = await client.client.get(path);
      expect(res.status, path).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'ACCOUNT_BLOCKED', message: ACCOUNT_BLOCKED_MESSAGE });
    }
  });

  it('refuses it too where Better Auth looks the session up (a session not to be remembered)', async () => {
    const { email, profileId } = await t.signedIn('client');
    const browser = t.client();
    expect((await browser.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD, rememberMe: false })).status).toBe(200);
    expect((await browser.get('/api/me')).status).toBe(200);
    await t.database.db.update(profiles).set({ blockedAt: new Date(), blockedReason: DEFAULT_BLOCK_REASON }).where(eq(profiles.id, profileId));

    const res = await browser.get('/api/me');
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'ACCOUNT_BLOCKED', message: ACCOUNT_BLOCKED_MESSAGE });
  });

  it('refuses sign-in with a clear message and writes no session; unblocking lets the person sign in again', async () => {
    const client = await t.signedIn('client');
    expect((await block(client.profileId)).status).toBe(200);

    const refused = await signIn(client.email);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'ACCOUNT_BLOCKED', message: ACCOUNT_BLOCKED_MESSAGE });
    expect(refused.headers.getSetCookie().filter((c) => c.includes('session_token=') && !/max-age=0/i.test(c))).toEqual([]);
    expect(await sessionCount(client.profileId)).toBe(0);
    // A wrong password is still just a wrong password: the block is told only to the account's holder.
    const wrong = await t.client().post('/api/auth/sign-in/email', { email: client.email, password: 'Not-The-Password-1' });
    expect(wrong.status).toBe(401);

    const res = await unblock(client.profileId);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'active', blockedAt: null, blockedReason: null });
    const again = await signIn(client.email);
    expect(again.status).toBe(200);
    expect(await sessionCount(client.profileId)).toBe(1);
  });

  it('releases the client’s unpaid holds and leaves paid bookings and a checkout under way', async () => {
    const client = await t.signedInDirectly('client');
    const other = await t.signedInDirectly('client');
    const soon = new Date(Date.now() + 3 * 86_400_000);
    const unpaid = await insertBooking(t.database.db, { clientProfileId: client.profileId, status: 'pending', paymentStatus: 'unpaid', startTime: soon });
    const failed = await insertBooking(t.database.db, { clientProfileId: client.profileId, status: 'pending', paymentStatus: 'failed', startTime: soon });
    const paying = await insertBooking(t.database.db, { clientProfileId: client.profileId, status: 'pending', paymentStatus: 'pending', startTime: soon });
    const confirmed = await insertBooking(t.database.db, { clientProfileId: client.profileId, status: 'confirmed', startTime: soon });
    const someoneElses = await insertBooking(t.database.db, {
      clientProfileId: other.profileId,
      status: 'pending',
      paymentStatus: 'unpaid',
      startTime: soon,
    });

    const res = await block(client.profileId);
    expect(await res.json()).toMatchObject({ releasedHolds: 2 });

    const rows = await t.database.db.select().from(bookings);
    const byId = new Map(rows.map((b) => [b.id, b]));
    expect(byId.get(unpaid)).toMatchObject({ status: 'cancelled', paymentStatus: 'unpaid', cancelledReason: BLOCKED_HOLD_REASON });
    expect(byId.get(failed)).toMatchObject({ status: 'cancelled', cancelledReason: BLOCKED_HOLD_REASON });
    expect(byId.get(paying)).toMatchObject({ status: 'pending', paymentStatus: 'pending' });
    expect(byId.get(confirmed)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(byId.get(someoneElses)).toMatchObject({ status: 'pending' });

    const [audit] = await auditOf('client.block', client.profileId);
    expect(audit).toMatchObject({
      actorProfileId: admin.profileId,
      recordType: 'profile',
      recordId: client.profileId,
      before: { status: 'active' },
      after: { status: 'blocked', reason: DEFAULT_BLOCK_REASON, endedSessions: 1 },
    });
    expect((audit?.after as { releasedBookingIds: string[] }).releasedBookingIds.sort()).toEqual([unpaid, failed].sort());
  });

  it('stores the reason given, or the default one, and records who blocked and who unblocked', async () => {
    const client = await t.signedInDirectly('client');
    await block(client.profileId, { reason: '  ' });
    const [stored] = await t.database.db.select().from(profiles).where(eq(profiles.id, client.profileId));
    expect(stored).toMatchObject({ blockedReason: DEFAULT_BLOCK_REASON, blockedByProfileId: admin.profileId });

    // Blocking again changes nothing and records nothing.
    expect(await (await block(client.profileId, { reason: 'Another reason' })).json()).toMatchObject({
      endedSessions: 0,
      releasedHolds: 0,
      client: { blockedReason: DEFAULT_BLOCK_REASON },
    });
    expect(await auditOf('client.block', client.profileId)).toHaveLength(1);

    await unblock(client.profileId);
    const [cleared] = await t.database.db.select().from(profiles).where(eq(profiles.id, client.profileId));
    expect(cleared).toMatchObject({ blockedAt: null, blockedReason: null, blockedByProfileId: null });
    expect(await auditOf('client.unblock', client.profileId)).toMatchObject([
      { actorProfileId: admin.profileId, before: { status: 'blocked', reason: DEFAULT_BLOCK_REASON }, after: { status: 'active' } },
    ]);
  });

  it('refuses to block yourself (403) or another admin (409), changing nothing', async () => {
    const self = await block(admin.profileId);
    expect(self.status).toBe(403);
    expect(await self.json()).toMatchObject({ message: CANNOT_BLOCK_SELF_MESSAGE });

    const other = await t.signedInDirectly('admin');
    const res = await block(other.profileId);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: CANNOT_BLOCK_ADMIN_MESSAGE });
    expect((await other.client.get('/api/me')).status).toBe(200);
    expect(await sessionCount(other.profileId)).toBe(1);
    expect(await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'client.block'))).toEqual([]);
  });

  it('answers 404 for someone who is not a client, and refuses an over-long reason', async () => {
    const guard = await t.signedInDirectly('guard');
    expect((await block(guard.profileId)).status).toBe(404);
    expect((await unblock(crypto.randomUUID())).status).toBe(404);
    const client = await t.signedInDirectly('client');
    const long = await block(client.profileId, { reason: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ fields: { reason: 'The reason must be at most 500 characters' } });
  });
});
