/** Signing up, confirming the e-mail and signing in and out. */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/auth.ts';
import { guards } from '../../db/schema/guards.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { follow, signUpBody } from '../../test/auth-fixtures.ts';
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

async function countUsers() {
  return (await t.database.db.select({ id: users.id }).from(users)).length;
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
