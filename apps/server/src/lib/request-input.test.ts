import { connect, type AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowCounts } from '../test/row-counts.ts';
import { createTestContext, TEST_APP_URL, type TestContext } from '../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../test/test-database.ts';
import { DEPTH_MESSAGE, NOT_FORM_MESSAGE, NOT_JSON_MESSAGE, NUL_MESSAGE } from './request-input.ts';

let factory: TestDatabaseFactory;
let t: TestContext;
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
  t = await createTestContext(factory);
});
afterAll(async () => {
  await t.close();
  await factory.dispose();
});

const signUp = {
  fullName: 'Amina Hassan',
  email: 'amina@example.co.ke',
  password: 'Kilimani-2026',
  confirmPassword: 'Kilimani-2026',
  role: 'client',
  acceptPrivacyNotice: true,
};

/** Sends the text as it is, so a test can write JSON that JSON.stringify would not. */
function post(path: string, text: string, contentType = 'application/json', cookie?: string) {
  const headers: Record<string, string> = { origin: TEST_APP_URL, 'content-type': contentType };
  if (cookie) headers.cookie = cookie;
  return t.app.request(`${TEST_APP_URL}${path}`, { method: 'POST', headers, body: text });
}

async function expectRefused(res: Response, message: string) {
  expect(res.status).toBe(400);
  expect(await res.json()).toEqual({ code: 'VALIDATION_ERROR', message });
}

describe('hostile input', () => {
  it('refuses a NUL character anywhere in a JSON body, in a form, or in the address, and writes nothing', async () => {
    const { client } = await t.signedIn('client');
    const before = await rowCounts(t.database.db);
    await expectRefused(await post('/api/accounts', JSON.stringify({ ...signUp, fullName: 'Amina\u0000Hassan' })), NUL_MESSAGE);
    await expectRefused(await post('/api/accounts', JSON.stringify({ ...signUp, 'x\u0000': 1 })), NUL_MESSAGE);
    await expectRefused(await post('/api/accounts', JSON.stringify({ ...signUp, nested: [{ deeper: ['\u0000'] }] })), NUL_MESSAGE);
    await expectRefused(
      await post('/api/bookings', JSON.stringify({ location: 'Karen', notes: 'gate\u00002' }), 'application/json', client.cookieHeader),
      NUL_MESSAGE,
    );
    await expectRefused(await post('/api/auth/sign-in/email', JSON.stringify({ email: 'a@b.co\u0000', password: 'x' })), NUL_MESSAGE);
    await expectRefused(
      await post('/sandbox/checkout/abc', 'action=approve&phone=07%0012', 'application/x-www-form-urlencoded', client.cookieHeader),
      NUL_MESSAGE,
    );
    await expectRefused(
      await post(
        '/sandbox/checkout/abc',
        '--b\r\nContent-Disposition: form-data; name="action"\r\n\r\nap\u0000prove\r\n--b--\r\n',
        'multipart/form-data; boundary=b',
        client.cookieHeader,
      ),
      NUL_MESSAGE,
    );
    await expectRefused(await t.app.request(`${TEST_APP_URL}/sandbox/checkout/%00`, { headers: { cookie: client.cookieHeader } }), NUL_MESSAGE);
    await expectRefused(await post('/sandbox/checkout/a%00b', 'action=approve', 'application/x-www-form-urlencoded', client.cookieHeader), NUL_MESSAGE);
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it('refuses deep nesting, broken JSON and broken form data with a clear message', async () => {
    const { client } = await t.signedIn('client');
    const before = await rowCounts(t.database.db);
    await expectRefused(await post('/api/accounts', `{"fullName":${'['.repeat(100_000)}${']'.repeat(100_000)}}`), DEPTH_MESSAGE);
    await expectRefused(
      await post('/api/bookings/quote', '{"a":'.repeat(40) + '1' + '}'.repeat(40), 'application/json', client.cookieHeader),
      DEPTH_MESSAGE,
    );
    await expectRefused(await post('/api/accounts', '{"fullName":'), NOT_JSON_MESSAGE);
    await expectRefused(await post('/api/auth/sign-in/email', "{'email': 1}"), NOT_JSON_MESSAGE);
    await expectRefused(
      await post('/sandbox/checkout/abc', '{"action":"approve"}', 'multipart/form-data; boundary=x', client.cookieHeader),
      NOT_FORM_MESSAGE,
    );
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it.each([
    ['1e308', '1e308'],
    ['1e400 (Infinity once parsed)', '1e400'],
    ['a 30-digit integer', '123456789012345678901234567890'],
    ['-1', '-1'],
    ['"NaN"', '"NaN"'],
  ])('answers a rating or a rate of %s with a 400 on that field', async (_name, token) => {
    const { client } = await t.signedIn('client');
    const guard = await t.signedIn('guard');
    const before = await rowCounts(t.database.db);
    const review = await post('/api/reviews', `{"bookingId":"${crypto.randomUUID()}","rating":${token}}`, 'application/json', client.cookieHeader);
    expect(review.status).toBe(400);
    expect(await review.json()).toMatchObject({ fields: { rating: expect.any(String) } });
    const profile = await t.app.request(`${TEST_APP_URL}/api/guards/me/profile`, {
      method: 'PUT',
      headers: { origin: TEST_APP_URL, 'content-type': 'application/json', cookie: guard.client.cookieHeader },
      body: `{"specialization":"Guard","experienceYears":${token},"rateHourly":${token},"rateDaily":null}`,
    });
    expect(profile.status).toBe(400);
    expect(await profile.json()).toMatchObject({ fields: { experienceYears: expect.any(String), rateHourly: expect.any(String) } });
    expect(await rowCounts(t.database.db)).toEqual(before);
  });
});

describe('a body over the limit on a real connection', () => {
  let server: ServerType;
  let port: number;
  beforeAll(async () => {
    await new Promise<void>((resolve) => {
      server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve());
    });
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Writes the request (and up to `send` bytes of its body) and reads until the server closes or 5 s pass. */
  function exchange(head: string, body: Buffer) {
    return new Promise<{ response: string; closedByServer: boolean }>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let response = '';
      let closedByServer = false;
      const timer = setTimeout(() => {
        socket.destroy();
        resolve({ response, closedByServer });
      }, 5000);
      socket.on('data', (chunk: Buffer) => (response += chunk.toString('latin1')));
      socket.on('error', () => {});
      socket.on('end', () => {
        closedByServer = true;
        clearTimeout(timer);
        socket.destroy();
        resolve({ response, closedByServer });
      });
      socket.write(head);
      // The body goes on in pieces after the answer has come, as a slow client's would.
      let sent = 0;
      const more = () => {
        if (socket.destroyed || sent >= body.length) return;
        socket.write(body.subarray(sent, sent + 64 * 1024), () => setTimeout(more, 5));
        sent += 64 * 1024;
      };
      more();
    });
  }

  it('answers 413 with Connection: close and closes the connection', async () => {
    const body = Buffer.alloc(2 * 1024 * 1024, 'x');
    const head = `POST /api/accounts HTTP/1.1\r\nHost: localhost:3000\r\nOrigin: ${TEST_APP_URL}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: keep-alive\r\n\r\n`;
    const { response, closedByServer } = await exchange(head, body);
    expect(response).toMatch(/^HTTP\/1\.1 413 /);
    expect(response.toLowerCase()).toContain('connection: close');
    expect(response).toContain('"code":"PAYLOAD_TOO_LARGE"');
    expect(closedByServer).toBe(true);
  });

  it('keeps an ordinary connection open', async () => {
    const head = `GET /api/health HTTP/1.1\r\nHost: localhost:3000\r\nConnection: keep-alive\r\n\r\n`;
    const { response, closedByServer } = await new Promise<{ response: string; closedByServer: boolean }>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let text = '';
      let ended = false;
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
      socket.on('end', () => (ended = true));
      socket.write(head);
      setTimeout(() => {
        socket.destroy();
        resolve({ response: text, closedByServer: ended });
      }, 1500);
    });
    expect(response).toMatch(/^HTTP\/1\.1 200 /);
    expect(response.toLowerCase()).not.toContain('connection: close');
    expect(closedByServer).toBe(false);
  });
});
