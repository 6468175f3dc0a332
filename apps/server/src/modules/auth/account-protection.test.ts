import { eq, like } from 'drizzle-orm';
import { betterAuth } from 'better-auth';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../app.ts';
import { authThrottles } from '../../db/schema/auth-throttles.ts';
import { users } from '../../db/schema/auth.ts';
import { createTestContext, TEST_APP_URL, TEST_PASSWORD, type TestContext } from '../../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import type { Auth } from './auth.ts';
import { ACCOUNT_LIMITS, signInKeys, type AccountLimits } from './auth-throttle.ts';

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

/**
 * Smaller limits than the product's (ACCOUNT_LIMITS), in the same proportions, so that a test needs
 * a few attempts rather than a hundred (each one hashes a password).
 */
const SMALL: AccountLimits = {
  signIn: { windowSeconds: 15 * 60, perAccountAndAddress: 2, perAccount: 4, perAddress: 6 },
  signUp: { windowSeconds: 60 * 60, max: 3 },
};

/**
 * A copy of the server on the test's database, as it runs behind a reverse proxy
 * (TRUST_PROXY=true) so a test can ask from many addresses: its own Better Auth instance built
 * from the same options, with the given limits.
 */
function server(accountLimits: AccountLimits = SMALL): App {
  const auth: Auth = Object.assign(betterAuth(t.deps.auth.options), { accountLimits });
  return createApp({ ...t.deps, auth, config: { ...t.deps.config, trustProxy: true } });
}

async function post(app: App, ip: string, path: string, body: unknown): Promise<Response> {
  const headers = { 'content-type': 'application/json', origin: TEST_APP_URL, 'x-forwarded-for': ip };
  return app.request(`${TEST_APP_URL}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
}

const signInFrom = (app: App, ip: string, email: string, password: string) => post(app, ip, '/api/auth/sign-in/email', { email, password });

const address = (n: number) => `198.51.100.${n}`;

async function expectLocked(res: Response, message: RegExp) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  expect(await res.json()).toEqual({ code: 'RATE_LIMITED', message: expect.stringMatching(message) });
  expect(res.headers.getSetCookie().some((c) => c.startsWith('ops.session_token='))).toBe(false);
}

const ACCOUNT_LOCKED = /^Too many failed sign-in attempts for this account\. Please try again in \d+ minutes?, or reset your password\.$/;
const ADDRESS_LOCKED = /^Too many failed sign-in attempts from your network\. Please try again in \d+ minutes?\.$/;
const lockMails = (email: string) => t.mailer.messages.filter((m) => m.to === email && /sign-in attempts/i.test(m.subject));

describe('sign-in limits', () => {
  it('pauses an account that many addresses failed on, whatever address asks, and tells its owner once', async () => {
    const app = server(ACCOUNT_LIMITS);
    const { email } = await t.signedIn('client');
    for (let i = 0; i < ACCOUNT_LIMITS.signIn.perAccount; i++) {
      expect((await signInFrom(app, address(i), email, `wrong-password-${i}`)).status).toBe(401);
    }
    // Even the right password, from an address that never failed: the attempt cannot confirm a guess.
    await expectLocked(await signInFrom(app, address(200), email, TEST_PASSWORD), ACCOUNT_LOCKED);
    await expectLocked(await signInFrom(app, address(201), email, 'wrong-again'), ACCOUNT_LOCKED);
    await expectLocked(await signInFrom(app, address(0), email, TEST_PASSWORD), ACCOUNT_LOCKED);

    const mails = lockMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toMatch(/reset your password/i);
    expect(mails[0]?.primaryLink).toBe(`${TEST_APP_URL}/auth?mode=forgot`);

    // When the window has passed, the owner signs in.
    await t.database.db.update(authThrottles).set({ windowEndsAt: new Date(Date.now() - 1000) });
    expect((await signInFrom(app, address(200), email, TEST_PASSWORD)).status).toBe(200);
  });

  it('answers the same for an e-mail that has no account, and e-mails nobody', async () => {
    const app = server();
    const email = 'nobody@example.co.ke';
    for (let i = 0; i < SMALL.signIn.perAccount; i++) expect((await signInFrom(app, address(i), email, 'x-password')).status).toBe(401);
    await expectLocked(await signInFrom(app, address(200), email, 'x-password'), ACCOUNT_LOCKED);
    expect(t.mailer.messages).toHaveLength(0);
  });

  it('pauses one address on one account after a few failures, while the owner elsewhere signs in', async () => {
    const app = server();
    const { email } = await t.signedIn('client');
    for (let i = 0; i < SMALL.signIn.perAccountAndAddress; i++) {
      expect((await signInFrom(app, address(1), email, `wrong-password-${i}`)).status).toBe(401);
    }
    await expectLocked(await signInFrom(app, address(1), email, TEST_PASSWORD), ACCOUNT_LOCKED);
    expect((await signInFrom(app, address(2), email, TEST_PASSWORD)).status).toBe(200);
    // One address alone cannot pause the account for everyone, so no e-mail yet.
    expect(lockMails(email)).toHaveLength(0);
  });

  it('lets many people behind one shared address sign in, and counts only their failures against it', async () => {
    const app = server();
    const shared = address(7);
    const people = await Promise.all(Array.from({ length: SMALL.signIn.perAddress - 1 }, () => t.signedIn('client')));
    // More attempts than the address's limit, all answered: each person's typo, then two sign-ins.
    for (const person of people) {
      expect((await signInFrom(app, shared, person.email, 'a-typo-in-it')).status).toBe(401);
      expect((await signInFrom(app, shared, person.email, TEST_PASSWORD)).status).toBe(200);
      expect((await signInFrom(app, shared, person.email, TEST_PASSWORD)).status).toBe(200);
    }
    const [row] = await t.database.db
      .select()
      .from(authThrottles)
      .where(eq(authThrottles.key, signInKeys('', shared).address));
    expect(row?.count).toBe(people.length);
  });

  it('pauses an address that fails on many accounts', async () => {
    const app = server();
    const { email } = await t.signedIn('client');
    for (let i = 0; i < SMALL.signIn.perAddress; i++) {
      expect((await signInFrom(app, address(9), `someone${i}@example.co.ke`, 'Spray-Pass-1')).status).toBe(401);
    }
    await expectLocked(await signInFrom(app, address(9), email, TEST_PASSWORD), ADDRESS_LOCKED);
    expect((await signInFrom(app, address(10), email, TEST_PASSWORD)).status).toBe(200);
  });

  it("does not lift another person's pause with a successful sign-in", async () => {
    const app = server();
    const victim = await t.signedIn('client');
    const attacker = await t.signedIn('client');

    // The attacker's own successful sign-ins from the same address leave the victim's pause there.
    for (let i = 0; i < SMALL.signIn.perAccountAndAddress; i++) await signInFrom(app, address(1), victim.email, `guess-${i}`);
    expect((await signInFrom(app, address(1), attacker.email, TEST_PASSWORD)).status).toBe(200);
    await expectLocked(await signInFrom(app, address(1), victim.email, 'guess-again'), ACCOUNT_LOCKED);

    // The owner's own sign-in from elsewhere does not wipe the account's count of failures either:
    // one short of the pause, the owner signs in, and one more failure pauses the account.
    for (let i = 0; i < SMALL.signIn.perAccount - SMALL.signIn.perAccountAndAddress - 1; i++) {
      expect((await signInFrom(app, address(2 + i), victim.email, `guess-${i}`)).status).toBe(401);
    }
    expect((await signInFrom(app, address(100), victim.email, TEST_PASSWORD)).status).toBe(200);
    expect((await signInFrom(app, address(101), victim.email, 'guess-last')).status).toBe(401);
    await expectLocked(await signInFrom(app, address(102), victim.email, 'guess-more'), ACCOUNT_LOCKED);
    expect((await signInFrom(app, address(103), attacker.email, TEST_PASSWORD)).status).toBe(200);
    await expectLocked(await signInFrom(app, address(100), victim.email, TEST_PASSWORD), ACCOUNT_LOCKED);
  });

  it('keeps the counts in the database, so two servers on one database share them', async () => {
    const { email } = await t.signedIn('client');
    const one = server();
    const two = server();
    for (let i = 0; i < SMALL.signIn.perAccountAndAddress; i++) {
      expect((await signInFrom(i % 2 === 0 ? one : two, address(1), email, `wrong-${i}`)).status).toBe(401);
    }
    await expectLocked(await signInFrom(one, address(1), email, TEST_PASSWORD), ACCOUNT_LOCKED);
    await expectLocked(await signInFrom(two, address(1), email, TEST_PASSWORD), ACCOUNT_LOCKED);
  });

  it('counts attempts that arrive together before any of them is answered', async () => {
    const app = server();
    const { email } = await t.signedIn('client');
    const all = await Promise.all(Array.from({ length: 12 }, (_, i) => signInFrom(app, address(1), email, `parallel-${i}`)));
    const statuses = all.map((res) => res.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(SMALL.signIn.perAccountAndAddress);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - SMALL.signIn.perAccountAndAddress);
  });

  it("lifts the account's pause once its owner sets a new password from the e-mailed link", async () => {
    const app = server();
    const { email } = await t.signedIn('client');
    for (let i = 0; i < SMALL.signIn.perAccount; i++) await signInFrom(app, address(i), email, `wrong-${i}`);
    await expectLocked(await signInFrom(app, address(50), email, TEST_PASSWORD), ACCOUNT_LOCKED);

    expect((await post(app, address(50), '/api/auth/request-password-reset', { email, redirectTo: '/auth/reset-password' })).status).toBe(200);
    const token = new URL(t.mailer.linkFor(email, /Reset your/)).pathname.split('/').at(-1);
    expect((await post(app, address(50), '/api/auth/reset-password', { newPassword: 'Fresh-Start-2026', token })).status).toBe(200);
    expect((await signInFrom(app, address(50), email, 'Fresh-Start-2026')).status).toBe(200);
  });
});

describe("Better Auth's own limits", () => {
  it('answers a refused reset e-mail in the one error shape, with Retry-After', async () => {
    const app = server();
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 6; i++) {
      last = await post(app, address(3), '/api/auth/request-password-reset', { email: 'nobody@example.co.ke', redirectTo: '/auth/reset-password' });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await last!.json()).toEqual({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes?\.$/),
    });
  });
});

describe('sign-up limits', () => {
  const body = (email: string) => ({
    fullName: 'Amina Hassan',
    email,
    password: 'Kilimani-2026',
    confirmPassword: 'Kilimani-2026',
    role: 'client',
    isCompany: false,
    acceptPrivacyNotice: true,
  });

  it('limits sign-ups from one address', async () => {
    const app = server();
    for (let i = 0; i < SMALL.signUp.max; i++) {
      expect((await post(app, address(1), '/api/accounts', body(`person${i}@example.co.ke`))).status).toBe(201);
    }
    const refused = await post(app, address(1), '/api/accounts', body('one-more@example.co.ke'));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many sign-ups from your network\. Please try again in \d+ minutes?\.$/),
    });
    expect(await t.database.db.select().from(users).where(eq(users.email, 'one-more@example.co.ke'))).toHaveLength(0);
    expect((await post(app, address(2), '/api/accounts', body('one-more@example.co.ke'))).status).toBe(201);
  });

  it("sends the 'you already have an account' e-mail at most once an hour per e-mail address", async () => {
    const app = server();
    const { email } = await t.signedIn('client');
    for (let i = 0; i < 3; i++) expect((await post(app, address(i), '/api/accounts', body(email))).status).toBe(201);
    const already = () => t.mailer.messages.filter((m) => m.to === email && /already have/.test(m.subject));
    expect(already()).toHaveLength(1);

    await t.database.db
      .update(authThrottles)
      .set({ windowEndsAt: new Date(Date.now() - 1000) })
      .where(like(authThrottles.key, 'existing-account-mail:%'));
    expect((await post(app, address(5), '/api/accounts', body(email))).status).toBe(201);
    expect(already()).toHaveLength(2);
  });

  it('sends it at most once an hour even when limits are switched off', async () => {
    await t.close();
    t = await createTestContext(factory);
    const { email } = await t.signedIn('client');
    for (let i = 0; i < 2; i++) expect((await t.client().post('/api/accounts', body(email))).status).toBe(201);
    expect(t.mailer.messages.filter((m) => /already have/.test(m.subject))).toHaveLength(1);
  });
});
