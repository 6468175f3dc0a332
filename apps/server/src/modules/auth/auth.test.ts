import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/auth.ts';
import { guards } from '../../db/schema/guards.ts';
import { profiles } from '../../db/schema/profiles.ts';
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

const signUpBody = (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Amina Hassan',
  email: 'amina@example.co.ke',
  password: 'Kilimani-2026',
  confirmPassword: 'Kilimani-2026',
  phone: '0712 345 678',
  role: 'client',
  isCompany: false,
  acceptPrivacyNotice: true,
  ...overrides,
});

async function countUsers() {
  return (await t.database.db.select({ id: users.id }).from(users)).length;
}

/** Follows a link from an e-mail like a browser would: returns where the app sends the person. */
async function follow(client: ReturnType<TestContext['client']>, link: string) {
  const url = new URL(link);
  const res = await client.get(url.pathname + url.search);
  expect(res.status).toBe(302);
  return res.headers.get('location') ?? '';
}

describe('sign-up, confirmation and sign-in', () => {
  it('confirms the e-mail before the first sign-in and then opens a session', async () => {
    const browser = t.client();
    const created = await browser.post('/api/accounts', signUpBody());
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ email: 'amina@example.co.ke' });

    const early = await browser.post('/api/auth/sign-in/email', { email: 'amina@example.co.ke', password: 'Kilimani-2026' });
    expect(early.status).toBe(403);
    expect(await early.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', message: expect.stringMatching(/confirm your e-mail/) });
    expect(browser.cookieNames).not.toContain('ops.session_token');

    const link = t.mailer.linkFor('amina@example.co.ke', /Confirm your/);
    expect(link.startsWith('http://localhost:3000/api/auth/verify-email?token=')).toBe(true);
    expect(await follow(browser, link)).toBe('/auth?confirmed=true');

    const signIn = await browser.post('/api/auth/sign-in/email', { email: 'amina@example.co.ke', password: 'Kilimani-2026' });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.getSetCookie().find((c) => c.startsWith('ops.session_token='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const me = await browser.get('/api/me');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      user: { email: 'amina@example.co.ke', emailVerified: true },
      profile: { role: 'client', fullName: 'Amina Hassan', phone: '254712345678', isCompany: false, companyName: null },
    });
  });

  it('brings the person back to the page they signed up from, once confirmed', async () => {
    const browser = t.client();
    const page = '/guard/5d0c2a8e-0000-4000-8000-000000000000';
    expect((await browser.post('/api/accounts', signUpBody({ redirect: page }))).status).toBe(201);

    const link = t.mailer.linkFor('amina@example.co.ke', /Confirm your/);
    const landing = await follow(browser, link);
    expect(landing).toBe(`/auth?confirmed=true&redirect=${encodeURIComponent(page)}`);
    expect(new URL(landing, 'http://localhost:3000').searchParams.get('redirect')).toBe(page);
  });

  it.each([
    '//evil.example',
    'https://evil.example/guards',
    'http:/evil',
    '/\\evil',
    '\\\\evil',
    '/%2F%2Fevil.example',
    '/%5Cevil',
    'javascript:alert(1)',
    '/\t/evil.example',
  ])('never puts a redirect to another site (%j) into the confirmation link', async (redirect) => {
    const browser = t.client();
    expect((await browser.post('/api/accounts', signUpBody({ redirect }))).status).toBe(201);

    const link = t.mailer.linkFor('amina@example.co.ke', /Confirm your/);
    const message = t.mailer.messages.at(-1)!;
    for (const text of [link, message.text, message.html]) expect(text).not.toMatch(/evil/i);
    expect(await follow(browser, link)).toBe('/auth?confirmed=true');
  });

  it('checks the page again in the link re-sent at a too-early sign-in', async () => {
    const browser = t.client();
    await browser.post('/api/accounts', signUpBody());
    const attempts = [
      ['/auth?confirmed=true&redirect=%2Fbooking%3FguardId%3Dabc', '/auth?confirmed=true&redirect=%2Fbooking%3FguardId%3Dabc'],
      ['/auth?confirmed=true&redirect=%2F%2Fevil.example', '/auth?confirmed=true'],
    ] as const;
    for (const [callbackURL, landing] of attempts) {
      const early = await browser.post('/api/auth/sign-in/email', { email: 'amina@example.co.ke', password: 'Kilimani-2026', callbackURL });
      expect(early.status).toBe(403);
      const link = t.mailer.linkFor('amina@example.co.ke', /Confirm your/);
      expect(link).not.toMatch(/evil/);
      expect(new URL(link).searchParams.get('callbackURL')).toBe(landing);
    }
  });

  it('refuses a wrong password with a clear message', async () => {
    const { email } = await t.signedIn('client');
    const res = await t.client().post('/api/auth/sign-in/email', { email, password: 'not-the-password' });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
  });

  it('ends the session on the server at sign-out', async () => {
    const { client, profileId } = await t.signedIn('client');
    const [profile] = await t.database.db.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.id, profileId));
    expect(await (await client.get('/api/me')).json()).toMatchObject({ profile: { id: profileId } });

    expect((await client.post('/api/auth/sign-out', {})).status).toBe(200);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, profile!.userId))).toHaveLength(0);
    expect(await (await client.get('/api/me')).json()).toEqual({ user: null, session: null, profile: null });
    expect((await client.get('/api/bookings')).status).toBe(401);
  });

  it('creates a guard profile under review for a guard', async () => {
    const res = await t
      .client()
      .post('/api/accounts', signUpBody({ email: 'otieno@example.co.ke', role: 'guard', isCompany: true, companyName: 'Nope Ltd' }));
    expect(res.status).toBe(201);
    const [row] = await t.database.db
      .select({ role: profiles.role, isCompany: profiles.isCompany, companyName: profiles.companyName, approved: guards.approved, status: guards.status })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .innerJoin(guards, eq(guards.profileId, profiles.id))
      .where(eq(users.email, 'otieno@example.co.ke'));
    expect(row).toEqual({ role: 'guard', isCompany: false, companyName: null, approved: false, status: 'pending' });
  });

  it('stores a company client with its company name', async () => {
    const res = await t.client().post('/api/accounts', signUpBody({ isCompany: true, companyName: '  Kilimani Heights Ltd ' }));
    expect(res.status).toBe(201);
    const [row] = await t.database.db.select({ isCompany: profiles.isCompany, companyName: profiles.companyName }).from(profiles);
    expect(row).toEqual({ isCompany: true, companyName: 'Kilimani Heights Ltd' });
  });

  it.each([
    ['admin', { role: 'admin' }, 'role'],
    ['partner', { role: 'partner' }, 'role'],
    ['passwords that differ', { confirmPassword: 'Something-else-1' }, 'confirmPassword'],
    ['a company without its name', { isCompany: true, companyName: '' }, 'companyName'],
    ['a phone that is not Kenyan', { phone: '+1 555 0100' }, 'phone'],
    ['a short password', { password: 'short', confirmPassword: 'short' }, 'password'],
    ['an invalid e-mail', { email: 'amina-at-example' }, 'email'],
    ['a blank name', { fullName: '   ' }, 'fullName'],
  ])('refuses %s with a field error and writes nothing', async (_label, overrides, field) => {
    const res = await t.client().post('/api/accounts', signUpBody(overrides));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; fields: Record<string, string> };
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(body.fields)).toEqual([field]);
    expect(await countUsers()).toBe(0);
    expect(t.mailer.messages).toHaveLength(0);
  });

  it('answers the same for an e-mail that already has an account and tells its owner', async () => {
    const { email } = await t.signedIn('client');
    const before = await countUsers();
    const res = await t.client().post('/api/accounts', signUpBody({ email: email.toUpperCase() }));
    expect(res.status).toBe(201);
    expect(await countUsers()).toBe(before);
    expect(t.mailer.messages.map((m) => m.subject)).toEqual(['You already have a OPS Security account']);
  });

  it('refuses malformed JSON in the one error shape', async () => {
    const res = await t.client().request('/api/accounts', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"fullName":' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });
});

describe('password reset', () => {
  it('sets a new password from the e-mailed link and ends older sessions', async () => {
    const { client: oldSession, email } = await t.signedIn('client');
    const browser = t.client();
    const requested = await browser.post('/api/auth/request-password-reset', { email, redirectTo: '/auth/reset-password' });
    expect(requested.status).toBe(200);

    const landing = await follow(browser, t.mailer.linkFor(email, /Reset your/));
    const landingUrl = new URL(landing, 'http://localhost:3000');
    expect(landingUrl.pathname).toBe('/auth/reset-password');
    const token = landingUrl.searchParams.get('token');
    expect(token).toBeTruthy();

    expect((await browser.post('/api/auth/reset-password', { newPassword: 'Brand-New-Pass-7', token })).status).toBe(200);
    expect((await t.client().post('/api/auth/sign-in/email', { email, password: 'Correct-Horse-9' })).status).toBe(401);
    expect((await t.client().post('/api/auth/sign-in/email', { email, password: 'Brand-New-Pass-7' })).status).toBe(200);
    expect(await (await oldSession.get('/api/me')).json()).toMatchObject({ user: null });
  });

  it('does not reveal whether an e-mail has an account', async () => {
    const res = await t.client().post('/api/auth/request-password-reset', { email: 'nobody@example.co.ke', redirectTo: '/auth/reset-password' });
    expect(res.status).toBe(200);
    expect(t.mailer.messages).toHaveLength(0);
  });

  it('refuses a forged token', async () => {
    const res = await t.client().post('/api/auth/reset-password', { newPassword: 'Brand-New-Pass-7', token: 'forged' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });
});

describe('protection', () => {
  it('limits repeated failed sign-ins on one account from one address', async () => {
    await t.close();
    t = await createTestContext(factory, { rateLimit: true });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await t.client().post('/api/auth/sign-in/email', { email: 'nobody@example.co.ke', password: 'wrong-password' });
      statuses.push(res.status);
    }
    // The product's limits (auth-throttle.ts): five failures per account and address in 15 minutes.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it('keeps passwords, tokens and cookies out of the request log', async () => {
    const browser = t.client();
    await browser.post('/api/accounts', signUpBody());
    const link = t.mailer.linkFor('amina@example.co.ke', /Confirm your/);
    await follow(browser, link);
    await browser.post('/api/auth/sign-in/email', { email: 'amina@example.co.ke', password: 'Kilimani-2026' });
    await browser.get('/api/me');

    const written = JSON.stringify(t.logLines);
    const token = new URL(link).searchParams.get('token')!;
    expect(t.logLines.some((l) => l.msg === 'request' && l.path === '/api/me')).toBe(true);
    expect(written).not.toContain('Kilimani-2026');
    expect(written).not.toContain(token);
    expect(written).not.toContain('ops.session_token');
  });

  it('keeps the reset token out of the request log, though the e-mailed link has it in its path', async () => {
    const { email } = await t.signedIn('client');
    const browser = t.client();
    await browser.post('/api/auth/request-password-reset', { email, redirectTo: '/auth/reset-password' });
    const link = new URL(t.mailer.linkFor(email, /Reset your/));
    const token = link.pathname.split('/').at(-1)!;
    expect(await follow(browser, link.toString())).toMatch(/\/auth\/reset-password\?token=/);
    expect((await browser.post('/api/auth/reset-password', { newPassword: 'Brand-New-Pass-7', token })).status).toBe(200);

    expect(t.logLines.some((l) => l.msg === 'request' && l.path === '/api/auth/reset-password/[token]')).toBe(true);
    expect(JSON.stringify(t.logLines)).not.toContain(token);
  });
});

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
