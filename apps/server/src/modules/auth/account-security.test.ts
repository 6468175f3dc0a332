/** The session token, password changes and resets, common passwords and the privacy notice's consent. */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PRIVACY_NOTICE_VERSION } from '@ops/shared/constants';
import { COMMON_PASSWORD_MESSAGE } from '@ops/shared/schemas/auth';
import { sessions, users } from '../../db/schema/auth.ts';
import { privacyConsents } from '../../db/schema/consents.ts';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { COMMON_PASSWORD_COUNT, isCommonPassword } from './common-passwords.ts';

let factory: TestDatabaseFactory;
let t: TestContext;
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());
beforeEach(async () => {
  t = await createTestContext(factory, { rateLimit: true });
});
afterEach(() => t.close());

describe('the session token', () => {
  it('is carried by the cookie only, never in a response body', async () => {
    const { email } = await t.signedIn('client');
    const browser = t.client();
    const signIn = await browser.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
    expect(signIn.status).toBe(200);
    const tokens = (await t.database.db.select({ token: sessions.token }).from(sessions)).map((s) => s.token);
    expect(tokens.length).toBeGreaterThan(0);

    const signInBody = await signIn.text();
    const getSession = await (await browser.get('/api/auth/get-session')).text();
    const listSessions = await (await browser.get('/api/auth/list-sessions')).text();
    const me = await (await browser.get('/api/me')).text();
    const change = await browser.post('/api/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'Another-Pass-2026' });
    expect(change.status).toBe(200);
    const changePassword = await change.text();
    const newTokens = (await t.database.db.select({ token: sessions.token }).from(sessions)).map((s) => s.token);
    const bodies = { signIn: signInBody, getSession, listSessions, me, changePassword };

    expect(JSON.parse(signInBody)).toMatchObject({ user: { email } });
    expect(JSON.parse(getSession)).toMatchObject({ user: { email }, session: { expiresAt: expect.any(String) } });
    expect(JSON.parse(listSessions)).toEqual([
      expect.objectContaining({ expiresAt: expect.any(String) }),
      expect.objectContaining({ expiresAt: expect.any(String) }),
    ]);
    for (const [name, text] of Object.entries(bodies)) {
      expect(text, name).not.toMatch(/"token"/);
      for (const token of [...tokens, ...newTokens]) expect(text, name).not.toContain(token);
    }
  });
});

describe('changing and resetting a password', () => {
  it("a change ends the account's other sessions and keeps the one that made it", async () => {
    const { client: here, email } = await t.signedIn('client');
    const elsewhere = t.client();
    expect((await elsewhere.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD })).status).toBe(200);
    const other = await t.signedIn('client');

    // Asked to keep the other sessions, the server ends them all the same.
    const res = await here.post('/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Another-Pass-2026',
      revokeOtherSessions: false,
    });
    expect(res.status).toBe(200);
    expect(await (await here.get('/api/me')).json()).toMatchObject({ user: { email } });
    expect(await (await elsewhere.get('/api/me')).json()).toEqual({ user: null, session: null, profile: null });
    expect(await (await other.client.get('/api/me')).json()).toMatchObject({ user: { email: other.email } });
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user!.id))).toHaveLength(1);
    expect((await t.client().post('/api/auth/sign-in/email', { email, password: 'Another-Pass-2026' })).status).toBe(200);
  });

  it('a reset by e-mail ends every session of the account', async () => {
    const { client: one, email } = await t.signedIn('client');
    const two = t.client();
    await two.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
    await t.client().post('/api/auth/request-password-reset', { email, redirectTo: '/auth/reset-password' });
    const token = new URL(t.mailer.linkFor(email, /Reset your/)).pathname.split('/').at(-1);
    expect((await one.post('/api/auth/reset-password', { newPassword: 'Fresh-Start-2026', token })).status).toBe(200);
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user!.id))).toHaveLength(0);
    expect(await (await one.get('/api/me')).json()).toMatchObject({ user: null });
    expect(await (await two.get('/api/me')).json()).toMatchObject({ user: null });
  });
});

describe('common passwords', () => {
  it('ships a list of at least the 10,000 commonest and compares without regard to case', () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThanOrEqual(10_000);
    for (const password of ['password123', 'Password123', 'PASSWORD1', 'qwerty123', 'iloveyou1', '12345678']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
    for (const password of ['Kilimani-2026', 'Correct-Horse-9', 'Admin#2026!', 'Guard#2026!']) expect(isCommonPassword(password), password).toBe(false);
  });

  const signUp = (password: string) => ({
    fullName: 'Amina Hassan',
    email: 'amina@example.co.ke',
    password,
    confirmPassword: password,
    role: 'client',
    isCompany: false,
    acceptPrivacyNotice: true,
  });

  it.each(['password123', 'PassWord123'])('refuses %s at sign-up with the message on the password field', async (password) => {
    const res = await t.client().post('/api/accounts', signUp(password));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { password: COMMON_PASSWORD_MESSAGE } });
    expect(await t.database.db.select().from(users)).toHaveLength(0);
    expect(t.mailer.messages).toHaveLength(0);
  });

  it('refuses one as the new password of a reset, and the link still works for a better one', async () => {
    const { email } = await t.signedIn('client');
    await t.client().post('/api/auth/request-password-reset', { email, redirectTo: '/auth/reset-password' });
    const token = new URL(t.mailer.linkFor(email, /Reset your/)).pathname.split('/').at(-1);
    const res = await t.client().post('/api/auth/reset-password', { newPassword: 'Password123', token });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { newPassword: COMMON_PASSWORD_MESSAGE } });
    expect((await t.client().post('/api/auth/reset-password', { newPassword: 'Fresh-Start-2026', token })).status).toBe(200);
  });

  it('refuses one as the new password of a change, and the old password keeps working', async () => {
    const { client, email } = await t.signedIn('client');
    const res = await client.post('/api/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'QWERTY123' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { newPassword: COMMON_PASSWORD_MESSAGE } });
    expect((await t.client().post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD })).status).toBe(200);
  });
});

describe('privacy notice consent', () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    fullName: 'Amina Hassan',
    email: 'amina@example.co.ke',
    password: 'Kilimani-2026',
    confirmPassword: 'Kilimani-2026',
    role: 'client',
    isCompany: false,
    ...overrides,
  });

  it.each([
    ['missing', {}],
    ['not ticked', { acceptPrivacyNotice: false }],
  ])('refuses a sign-up with the box %s and writes nothing', async (_label, overrides) => {
    const res = await t.client().post('/api/accounts', body(overrides));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { acceptPrivacyNotice: 'Please agree to the privacy notice to create an account' },
    });
    expect(await t.database.db.select().from(users)).toHaveLength(0);
  });

  it('records the version of the notice and when it was agreed to', async () => {
    const before = Date.now();
    expect((await t.client().post('/api/accounts', body({ acceptPrivacyNotice: true }))).status).toBe(201);
    const rows = await t.database.db
      .select({ version: privacyConsents.noticeVersion, at: privacyConsents.acceptedAt, email: users.email })
      .from(privacyConsents)
      .innerJoin(users, eq(users.id, privacyConsents.userId));
    expect(rows).toEqual([{ version: PRIVACY_NOTICE_VERSION, at: expect.any(Date), email: 'amina@example.co.ke' }]);
    expect(rows[0]!.at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(rows[0]!.at.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });
});
