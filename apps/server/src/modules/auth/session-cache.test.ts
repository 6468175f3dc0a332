/**
 * Sessions remembered between requests: used without asking the database, and forgotten the moment
 * the database announces a change, whichever way the change was made.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseNotifications, NotificationHandlers } from '../../db/notifications.ts';
import { sessions, users } from '../../db/schema/auth.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { deferred } from '../../test/deferred.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { rememberSessions } from './session-cache.ts';
import { rememberLiveSessions } from './session-lookup.ts';

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

const me = async (cookie: string) => {
  const res = await t.app.request('http://localhost:3000/api/me', { headers: { cookie } });
  return { status: res.status, body: (await res.json()) as { user: { email: string } | null; profile?: { role: string } } };
};

async function signedIn(role: 'client' | 'guard' = 'client') {
  const person = await t.signedIn(role);
  const [session] = await t.database.db
    .select()
    .from(sessions)
    .innerJoin(profiles, eq(profiles.userId, sessions.userId))
    .where(eq(profiles.id, person.profileId));
  return { ...person, cookie: person.client.cookieHeader, token: session!.sessions.token, userId: session!.sessions.userId };
}

describe('a remembered session', () => {
  it("answers a signed-in person's next requests without asking the database", async () => {
    const cache = rememberLiveSessions(t.database.db, t.database.notifications);
    const { cookie, token, email } = await signedIn();
    expect((await me(cookie)).body.user?.email).toBe(email);
    expect(cache.size).toBe(1);
    // Ended behind the app's back (the announcement switched off): the remembered session still answers.
    await t.database.db.execute(sql`alter table sessions disable trigger sessions_notify_change`);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.token, token));
    await t.database.db.execute(sql`alter table sessions enable trigger sessions_notify_change`);
    expect((await me(cookie)).body.user?.email).toBe(email);
  });

  it('is forgotten at once when it is signed out, deleted, moved, blocked, given another role or its account deleted', async () => {
    const cache = rememberLiveSessions(t.database.db, t.database.notifications);
    const admin = await t.signedIn('admin');

    const signingOut = await signedIn();
    expect((await me(signingOut.cookie)).status).toBe(200);
    expect((await signingOut.client.post('/api/auth/sign-out', {})).status).toBe(200);
    expect((await me(signingOut.cookie)).body.user).toBeNull();

    const deleted = await signedIn();
    expect((await me(deleted.cookie)).body.user).not.toBeNull();
    await t.database.db.delete(sessions).where(eq(sessions.token, deleted.token));
    expect((await me(deleted.cookie)).body.user).toBeNull();

    const expired = await signedIn();
    expect((await me(expired.cookie)).body.user).not.toBeNull();
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, expired.token));
    expect((await me(expired.cookie)).body.user).toBeNull();

    const blocked = await signedIn();
    expect((await me(blocked.cookie)).status).toBe(200);
    expect((await admin.client.post(`/api/admin/clients/${blocked.profileId}/block`, {})).status).toBe(200);
    // Blocking ends the account's sessions.
    expect((await me(blocked.cookie)).body.user).toBeNull();

    const promoted = await signedIn('guard');
    expect((await me(promoted.cookie)).body.profile?.role).toBe('guard');
    await t.database.db.update(profiles).set({ role: 'client' }).where(eq(profiles.id, promoted.profileId));
    expect((await me(promoted.cookie)).body.profile?.role).toBe('client');

    const gone = await signedIn();
    expect((await me(gone.cookie)).body.user).not.toBeNull();
    await t.database.db.delete(users).where(eq(users.id, gone.userId));
    expect((await me(gone.cookie)).body.user).toBeNull();

    // Nothing remembered outlived its change: at most the admin's and the promoted person's are left.
    expect(cache.size).toBeLessThanOrEqual(2);
  });
});

/** A database whose announcements the test makes: heard, lost, heard again. */
function fakeNotifications() {
  let handlers: NotificationHandlers | undefined;
  const notifications: DatabaseNotifications = {
    subscribe: (_channel, h) => {
      handlers = h;
      return () => (handlers = undefined);
    },
    close: () => Promise.resolve(),
  };
  return { notifications, handlers: () => handlers! };
}

describe('remembering sessions', () => {
  const row = (userId: string) => ({ userId, role: 'client' });

  it('remembers nothing until the announcements are heard, and forgets everything when they may be missed', async () => {
    const { notifications, handlers } = fakeNotifications();
    const cache = rememberSessions<{ userId: string; role: string }>(notifications);
    let asked = 0;
    const ask = () => {
      asked += 1;
      return Promise.resolve(row('u1'));
    };
    await cache.fetch('t1', ask);
    await cache.fetch('t1', ask);
    expect(asked).toBe(2);

    handlers().listening();
    await cache.fetch('t1', ask);
    await cache.fetch('t1', ask);
    expect(asked).toBe(3);

    handlers().lost();
    await cache.fetch('t1', ask);
    expect(asked).toBe(4);
    expect(cache.size).toBe(0);
    handlers().listening();
    await cache.fetch('t1', ask);
    await cache.fetch('t1', ask);
    expect(asked).toBe(5);
  });

  it("forgets a session by its token, all of a user's by the user, and keeps a lookup a change overlapped from being remembered", async () => {
    const { notifications, handlers } = fakeNotifications();
    const cache = rememberSessions<{ userId: string; role: string }>(notifications);
    handlers().listening();
    let asked = 0;
    const ask = (token: string) => {
      asked += 1;
      return Promise.resolve(row(token.startsWith('a') ? 'ua' : 'ub'));
    };
    for (const token of ['a1', 'a2', 'b1']) await cache.fetch(token, ask);
    expect(cache.size).toBe(3);
    handlers().payload('s:b1');
    expect(cache.size).toBe(2);
    handlers().payload('u:ua');
    expect(cache.size).toBe(0);

    const answer = deferred<{ userId: string; role: string }>();
    const fetching = cache.fetch('a1', () => answer.promise);
    handlers().payload('u:ua');
    answer.resolve(row('ua'));
    await fetching;
    expect(cache.size).toBe(0);
    expect(asked).toBe(3);
  });

  it('never remembers a session that was not found', async () => {
    const { notifications, handlers } = fakeNotifications();
    const cache = rememberSessions<{ userId: string }>(notifications);
    handlers().listening();
    let asked = 0;
    const ask = () => {
      asked += 1;
      return Promise.resolve(null);
    };
    await cache.fetch('nobody', ask);
    await cache.fetch('nobody', ask);
    expect(asked).toBe(2);
  });
});
