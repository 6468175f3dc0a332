/**
 * Uploads through a real HTTP server (the Node adapter, sockets and all): the app's general body
 * limit stays for other requests, a 10 MB document gets past it, and one byte more is answered
 * with the clear message rather than a broken connection.
 */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@ops/shared/schemas/errors';
import type { GuardDocumentDto } from '@ops/shared/schemas/guard-documents';
import { createTestContext, TEST_APP_URL, type TestContext } from '../../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';

const MB = 1024 * 1024;
let factory: TestDatabaseFactory;
let t: TestContext;
let server: ServerType;
let base: string;
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
  t = await createTestContext(factory);
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
  await factory.dispose();
});

const pdfOfSize = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size - 9, 0x20)]);

describe('uploading over HTTP', () => {
  it('takes a 10 MB document past the general body limit, refuses larger ones clearly, and keeps the limit for everything else', async () => {
    const guard = await t.signedInDirectly('guard');
    const headers = { cookie: guard.client.cookieHeader, origin: TEST_APP_URL };
    const send = (size: number) => {
      const form = new FormData();
      form.append('kind', 'cv');
      form.append('file', new Blob([pdfOfSize(size)]), 'cv.pdf');
      return fetch(`${base}/api/guard/documents`, { method: 'POST', body: form, headers });
    };

    const ok = await send(10 * MB);
    expect(ok.status).toBe(201);
    expect(((await ok.json()) as GuardDocumentDto).sizeBytes).toBe(10 * MB);

    for (const size of [10 * MB + 1, 25 * MB]) {
      const refused = await send(size);
      expect(refused.status).toBe(413);
      expect(((await refused.json()) as ApiErrorBody).message).toBe('The file is larger than 10 MB.');
    }

    const bigJson = await fetch(`${base}/api/guard/credentials`, {
      method: 'PUT',
      body: JSON.stringify({ psraLicenceNumber: 'x'.repeat(2 * MB) }),
      headers: { ...headers, 'content-type': 'application/json' },
    });
    expect(bigJson.status).toBe(413);
  });
});
