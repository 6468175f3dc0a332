/**
 * The server behind one reverse proxy (TRUST_PROXY=1), listening on a real port: the proxy's
 * connection comes from 127.0.0.1, and, like nginx with $proxy_add_x_forwarded_for, it appends the
 * client's address to whatever X-Forwarded-For the client sent. A client that writes a new address
 * at the left of that header on every attempt must still be counted as itself.
 */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { betterAuth } from 'better-auth';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { parseEnv } from '../../env.ts';
import { createTestContext, TEST_APP_URL, type TestContext } from '../../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import type { Auth } from './auth.ts';
import type { AccountLimits } from './auth-throttle.ts';

/** The product's sign-in window; ten failures per address so that the eleventh is the one refused. */
const LIMITS: AccountLimits = {
  signIn: { windowSeconds: 15 * 60, perAccountAndAddress: 5, perAccount: 10, perAddress: 10 },
  signUp: { windowSeconds: 60 * 60, max: 20 },
};

let factory: TestDatabaseFactory;
let t: TestContext;
let server: ServerType;
let base: string;

beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());
beforeEach(async () => {
  t = await createTestContext(factory, { rateLimit: true });
  // Unknown e-mails, as someone trying a list would send: Better Auth's warning for each is noise here.
  // (Options that differ from createAuth's make a differently typed instance of the same thing.)
  const quiet = betterAuth({ ...t.deps.auth.options, logger: { level: 'error' } }) as unknown as Auth;
  const auth: Auth = Object.assign(quiet, { accountLimits: LIMITS });
  const { TRUST_PROXY } = parseEnv({ TRUST_PROXY: '1' });
  const app = createApp({ ...t.deps, auth, config: { ...t.deps.config, trustProxy: TRUST_PROXY } });
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

/** A sign-in as it reaches us through the proxy: what the client wrote, then the address the proxy saw. */
function signInThroughProxy(clientWrote: string | null, clientAddress: string, email: string) {
  return fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: TEST_APP_URL,
      'x-forwarded-for': clientWrote ? `${clientWrote}, ${clientAddress}` : clientAddress,
    },
    body: JSON.stringify({ email, password: 'a-wrong-guess-9' }),
  });
}

const REAL = '203.0.113.7';
const forged = (n: number) => `198.51.100.${n}`;

describe('sign-in limits behind a proxy (TRUST_PROXY=1)', { timeout: 60_000 }, () => {
  it('counts a client that forges a new left-most X-Forwarded-For entry on every attempt as one address: the 11th failure is refused', async () => {
    for (let i = 0; i < LIMITS.signIn.perAddress; i++) {
      expect((await signInThroughProxy(forged(i), REAL, `guess-${i}@example.co.ke`)).status).toBe(401);
    }
    const refused = await signInThroughProxy(forged(99), REAL, 'guess-99@example.co.ke');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many failed sign-in attempts from your network\. Please try again in \d+ minutes?\.$/),
    });

    // Another client behind the same proxy is not held up by it.
    expect((await signInThroughProxy(forged(100), '203.0.113.8', 'someone@example.co.ke')).status).toBe(401);
    // The request log names the address the proxy saw, never the forged one.
    const logged = t.logLines.filter((l) => l.msg === 'request' && l.path === '/api/auth/sign-in/email').map((l) => l.clientIp);
    expect(logged).toEqual([...Array<string>(LIMITS.signIn.perAddress + 1).fill(REAL), '203.0.113.8']);
  });
});
