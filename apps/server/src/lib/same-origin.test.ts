import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../db/schema/profiles.ts';
import { book, otherGuard, paymentRow, pay } from '../test/payment-helpers.ts';
import { rowCounts } from '../test/row-counts.ts';
import { createTestContext, TEST_APP_URL, TEST_PASSWORD, type TestContext } from '../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../test/test-database.ts';
import type { OriginPolicy } from './origin-policy.ts';
import { CROSS_SITE_MESSAGE } from './same-origin.ts';

let factory: TestDatabaseFactory;
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());

/** One app per policy: every test makes its own people, so none depends on another's rows. */
function appWith(origins: OriginPolicy) {
  const state: { t?: TestContext } = {};
  beforeAll(async () => {
    state.t = await createTestContext(factory, { origins });
  });
  afterAll(() => state.t?.close());
  return () => {
    if (!state.t) throw new Error('no test app');
    return state.t;
  };
}

interface Send {
  method?: string;
  origin?: string;
  site?: string;
  cookie?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A request as a browser (or curl) sends it: only the headers given, to the address given. */
function send(t: TestContext, url: string, { method = 'POST', origin, site, cookie, body, headers = {} }: Send = {}) {
  const all = new Headers(headers);
  if (origin !== undefined) all.set('origin', origin);
  if (site !== undefined) all.set('sec-fetch-site', site);
  if (cookie !== undefined) all.set('cookie', cookie);
  if (body !== undefined) all.set('content-type', 'application/json');
  return t.app.request(url, { method, headers: all, body: body === undefined ? undefined : JSON.stringify(body) });
}

const sessionCookie = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .filter((pair) => pair.startsWith('ops.'))
    .join('; ');

const signUp = (email: string) => ({
  fullName: 'Amina Hassan',
  email,
  password: 'Kilimani-2026',
  confirmPassword: 'Kilimani-2026',
  role: 'client',
  isCompany: false,
  acceptPrivacyNotice: true,
});

async function expectRefused(res: Response) {
  expect(res.status).toBe(403);
  expect(await res.json()).toEqual({ code: 'FORBIDDEN', message: CROSS_SITE_MESSAGE });
}

describe('with APP_URL set (http://localhost:3000) and one trusted origin', () => {
  const app = appWith({ appOrigin: 'http://localhost:3000', trustedOrigins: ['https://admin.ops.example'], trustProxy: false });
  const api = (path: string) => `http://localhost:3000${path}`;

  it('refuses every kind of write from another site and writes nothing', async () => {
    const t = app();
    const { client, email } = await t.signedIn('client', { fullName: 'Njeri Kamau' });
    const cookie = client.cookieHeader;
    const before = await rowCounts(t.database.db);
    const evil = 'https://evil.example';

    await expectRefused(await send(t, api('/api/profiles/me'), { method: 'PATCH', origin: evil, cookie, body: { fullName: 'Pwned' } }));
    await expectRefused(await send(t, api('/api/notifications/read-all'), { origin: evil, cookie }));
    await expectRefused(await send(t, api('/api/accounts'), { origin: evil, body: signUp('new@example.co.ke') }));
    await expectRefused(await send(t, api('/api/auth/sign-in/email'), { origin: evil, body: { email, password: TEST_PASSWORD } }));
    await expectRefused(await send(t, api('/api/auth/sign-out'), { origin: evil, cookie, body: {} }));
    await expectRefused(await send(t, api('/api/bookings'), { origin: evil, cookie, body: {} }));

    expect(await rowCounts(t.database.db)).toEqual(before);
    expect((await client.get('/api/me')).status).toBe(200);
    const [profile] = await t.database.db.select({ fullName: profiles.fullName }).from(profiles).where(eq(profiles.fullName, 'Njeri Kamau'));
    expect(profile).toBeDefined();
  });

  it('refuses a page on another port, scheme or subdomain of the same host', async () => {
    const t = app();
    const { client } = await t.signedIn('client');
    const before = await rowCounts(t.database.db);
    for (const origin of ['http://localhost:3001', 'https://localhost:3000', 'http://shop.localhost:3000', 'http://127.0.0.1:3000']) {
      await expectRefused(
        await send(t, api('/api/profiles/me'), { method: 'PATCH', origin, cookie: client.cookieHeader, body: { fullName: 'Other Port' } }),
      );
    }
    // Fetch Metadata says the same without an Origin header: another port is 'same-site', not ours.
    await expectRefused(
      await send(t, api('/api/profiles/me'), { method: 'PATCH', site: 'same-site', cookie: client.cookieHeader, body: { fullName: 'Other Port' } }),
    );
    await expectRefused(
      await send(t, api('/api/profiles/me'), { method: 'PATCH', site: 'cross-site', cookie: client.cookieHeader, body: { fullName: 'Other Site' } }),
    );
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it('refuses a write with a session but no Origin or Sec-Fetch-Site; lets a client without cookies (curl) through', async () => {
    const t = app();
    const { client } = await t.signedIn('client');
    const before = await rowCounts(t.database.db);
    await expectRefused(await send(t, api('/api/profiles/me'), { method: 'PATCH', cookie: client.cookieHeader, body: { fullName: 'No Origin' } }));
    await expectRefused(
      await send(t, api('/api/profiles/me'), { method: 'PATCH', origin: 'null', cookie: client.cookieHeader, body: { fullName: 'Null Origin' } }),
    );
    expect(await rowCounts(t.database.db)).toEqual(before);

    const curl = await send(t, api('/api/accounts'), { body: signUp('curl@example.co.ke') });
    expect(curl.status).toBe(201);
    const signIn = await send(t, api('/api/auth/sign-in/email'), { body: { email: 'curl@example.co.ke', password: 'Kilimani-2026' } });
    expect(signIn.status).toBe(403); // not refused as cross-site: the e-mail is not confirmed yet
    expect(await signIn.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
  });

  it('accepts the app’s own pages by Origin or by Sec-Fetch-Site, and the configured extra origin', async () => {
    const t = app();
    const { client } = await t.signedIn('client');
    const cookie = client.cookieHeader;
    const own = await send(t, api('/api/profiles/me'), { method: 'PATCH', origin: 'http://localhost:3000', cookie, body: { fullName: 'Own Page' } });
    expect(own.status).toBe(200);
    const bySite = await send(t, api('/api/profiles/me'), { method: 'PATCH', site: 'same-origin', cookie, body: { fullName: 'Same Origin' } });
    expect(bySite.status).toBe(200);
    const redirected = await send(t, api('/api/profiles/me'), {
      method: 'PATCH',
      origin: 'null',
      site: 'same-origin',
      cookie,
      body: { fullName: 'After Redirect' },
    });
    expect(redirected.status).toBe(200);
    const extra = await send(t, api('/api/profiles/me'), {
      method: 'PATCH',
      origin: 'https://admin.ops.example',
      cookie,
      body: { fullName: 'Admin Site' },
    });
    expect(extra.status).toBe(200);
    expect(await extra.json()).toMatchObject({ fullName: 'Admin Site' });
  });

  it('takes only APP_URL as the app’s own address, not whatever Host a request names', async () => {
    const t = app();
    const res = await send(t, 'http://192.168.1.20:3000/api/accounts', { origin: 'http://192.168.1.20:3000', body: signUp('lan@example.co.ke') });
    await expectRefused(res);
  });

  it('leaves provider webhooks to their own verification', async () => {
    const t = app();
    const before = await rowCounts(t.database.db);
    const res = await send(t, api('/api/payments/webhooks/intasend'), {
      origin: 'https://evil.example',
      body: { invoice_id: 'X', state: 'COMPLETE', challenge: 'wrong' },
    });
    expect(res.status).not.toBe(403);
    expect(res.status).toBeLessThan(500);
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it('refuses the sandbox checkout’s form posted from another site, and the payment stays as it was', async () => {
    const t = app();
    const { client } = await t.signedIn('client');
    const booking = await book(client, await otherGuard(t));
    const { body: payment } = await pay(client, booking.id, { method: 'card' });
    const path = new URL(payment.checkoutUrl ?? '', TEST_APP_URL).pathname;
    const before = await rowCounts(t.database.db);
    const res = await t.app.request(api(path), {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'approve', card_number: '4242 4242 4242 4242', card_expiry: '12/39', card_cvc: '123' }).toString(),
    });
    await expectRefused(res);
    expect(await rowCounts(t.database.db)).toEqual(before);
    expect((await paymentRow(t, payment.id)).status).toBe('pending');
  });
});

describe('without APP_URL: the address the request came to is the app’s', () => {
  const app = appWith({ appOrigin: null, trustedOrigins: [], trustProxy: false });

  it.each(['http://127.0.0.1:3000', 'http://192.168.1.20:3000', 'http://ops-office.lan:8080'])('signs in and saves at %s', async (site) => {
    const t = app();
    const { email } = await t.signedIn('client');
    const signIn = await send(t, `${site}/api/auth/sign-in/email`, { origin: site, site: 'same-origin', body: { email, password: TEST_PASSWORD } });
    expect(signIn.status).toBe(200);
    const cookie = sessionCookie(signIn);
    expect(cookie).toContain('ops.session_token=');
    const saved = await send(t, `${site}/api/profiles/me`, { method: 'PATCH', origin: site, cookie, body: { fullName: 'Office Desk' } });
    expect(saved.status).toBe(200);
    const signOut = await send(t, `${site}/api/auth/sign-out`, { origin: site, cookie, body: {} });
    expect(signOut.status).toBe(200);
  });

  it('still refuses a page on another port or name of that machine, and writes nothing', async () => {
    const t = app();
    const { email } = await t.signedIn('client');
    const before = await rowCounts(t.database.db);
    for (const origin of ['http://127.0.0.1:3001', 'http://localhost:3000', 'https://evil.example']) {
      await expectRefused(await send(t, 'http://127.0.0.1:3000/api/auth/sign-in/email', { origin, body: { email, password: TEST_PASSWORD } }));
    }
    expect(await rowCounts(t.database.db)).toEqual(before);
  });
});

describe('without APP_URL, behind a trusted proxy', () => {
  const app = appWith({ appOrigin: null, trustedOrigins: [], trustProxy: true });
  const proxied = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'ops.example.co.ke' };

  it('takes the address from X-Forwarded-Proto and X-Forwarded-Host', async () => {
    const t = app();
    const ok = await send(t, 'http://127.0.0.1:3000/api/accounts', {
      origin: 'https://ops.example.co.ke',
      headers: proxied,
      body: signUp('proxied@example.co.ke'),
    });
    expect(ok.status).toBe(201);
    await expectRefused(
      await send(t, 'http://127.0.0.1:3000/api/accounts', { origin: 'http://127.0.0.1:3000', headers: proxied, body: signUp('direct@example.co.ke') }),
    );
  });
});
