/** Resetting a forgotten password, and what protects sign-in: the limit on failures and a log without secrets. */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
