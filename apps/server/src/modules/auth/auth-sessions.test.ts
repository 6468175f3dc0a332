/** The session cookie on every request: kept, refused after sign-out, forged, expired or renewed. */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/auth.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
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

describe('sessions on every request', () => {
  const app = () => t.app;
  async function signedInCookie() {
    const { client, profileId } = await t.signedIn('client');
    const cookie = (await client.request('/api/me')).headers.get('set-cookie'); // none: nothing renewed
    expect(cookie).toBeNull();
    const token = await t.database.db.select({ token: sessions.token, userId: sessions.userId }).from(sessions);
    return { client, profileId, session: token.at(-1)! };
  }
  async function get(path: string, cookie: string) {
    return app().request(`http://localhost:3000${path}`, { headers: { cookie } });
  }
  const sessionCookie = (client: ReturnType<TestContext['client']>) => Promise.resolve(client.cookieHeader);

  it('keeps answering for a signed-in person and refuses the same cookie after sign-out', async () => {
    const { client, profileId } = await signedInCookie();
    const cookie = await sessionCookie(client);
    expect(cookie).toMatch(/ops\.session_token=/);
    expect(await (await get('/api/me', cookie)).json()).toMatchObject({ profile: { id: profileId } });
    expect((await get('/api/bookings', cookie)).status).toBe(200);
    // A page's parallel calls share one session lookup while it is on its way; each is answered.
    const parallel = await Promise.all(['/api/me', '/api/bookings', '/api/me', '/api/notifications'].map((path) => get(path, cookie)));
    expect(parallel.map((res) => res.status)).toEqual([200, 200, 200, 200]);

    expect((await client.post('/api/auth/sign-out', {})).status).toBe(200);
    // A copy of the cookie kept from before (another tab, a stolen copy) opens nothing any more.
    expect((await get('/api/bookings', cookie)).status).toBe(401);
  });

  it('refuses a session token whose signature was tampered with, and an unsigned one', async () => {
    const { client, session } = await signedInCookie();
    const cookie = await sessionCookie(client);
    const forged = cookie.replace(/(ops\.session_token=[^.;]+\.)[^;]+/, (_m, start: string) => `${start}${encodeURIComponent('A'.repeat(43) + '=')}`);
    expect(forged).not.toBe(cookie);
    expect((await get('/api/bookings', forged)).status).toBe(401);
    expect((await get('/api/bookings', `ops.session_token=${session.token}`)).status).toBe(401);
  });

  it('refuses an expired session', async () => {
    const { client, session } = await signedInCookie();
    const cookie = await sessionCookie(client);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, session.token));
    expect((await get('/api/bookings', cookie)).status).toBe(401);
  });

  it('pushes a session due for renewal forward and gives the browser the renewed cookie', async () => {
    const { client, session } = await signedInCookie();
    const cookie = await sessionCookie(client);
    // Five of its seven days left: more than a day old, so due.
    const dueAt = new Date(Date.now() + 5 * 86_400_000);
    await t.database.db.update(sessions).set({ expiresAt: dueAt }).where(eq(sessions.token, session.token));
    const res = await get('/api/bookings', cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/ops\.session_token=.*Max-Age=604800/i);
    const [renewed] = await t.database.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.token, session.token));
    expect(renewed!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
  });
});
