/**
 * Submissions through a real HTTP server (the Node adapter, sockets and all): a 20 MB file gets
 * past the app's general body limit, and a 21 MB one is refused while it is still being sent, with
 * the clear message rather than a broken connection, keeping nothing.
 */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@ops/shared/schemas/errors';
import type { StudentAssessmentDto } from '@ops/shared/schemas/student';
import { rowCounts } from '../../test/row-counts.ts';
import { createTestContext, TEST_APP_URL, type TestContext } from '../../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { insertCohort, insertCourse, insertEnrollment, pdfOfSize } from '../../test/student-fixtures.ts';

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

describe('submitting over HTTP', () => {
  it('takes 20 MB past the general body limit and refuses 21 MB with its message, keeping nothing', async () => {
    await insertCourse(t.database.db, 'cpo');
    const cohortId = await insertCohort(t.database.db, 'cpo');
    const student = await t.signedInDirectly('client');
    const enrollmentId = await insertEnrollment(t.database.db, { profileId: student.profileId, courseId: 'cpo', cohortId });
    const headers = { cookie: student.client.cookieHeader, origin: TEST_APP_URL };
    const send = (size: number) => {
      const form = new FormData();
      form.append('enrollmentId', enrollmentId);
      form.append('title', 'Final project');
      form.append('type', 'project');
      form.append('file', new Blob([pdfOfSize(size)]), 'project.pdf');
      return fetch(`${base}/api/student/assessments`, { method: 'POST', body: form, headers });
    };

    const before = await rowCounts(t.database.db);
    const refused = await send(21 * MB);
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as ApiErrorBody).message).toBe('The file is larger than 20 MB.');
    expect(await rowCounts(t.database.db)).toEqual(before);

    // Sent in chunks with no announced length: counted as it arrives, and stopped at the limit.
    const form = new FormData();
    form.append('enrollmentId', enrollmentId);
    form.append('title', 'Final project');
    form.append('type', 'project');
    form.append('file', new Blob([pdfOfSize(21 * MB)]), 'project.pdf');
    const encoded = new Response(form);
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    let sent = 0;
    const chunked = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= bytes.length) return controller.close();
        controller.enqueue(bytes.subarray(sent, sent + 256 * 1024));
        sent += 256 * 1024;
      },
    });
    const streamed = await fetch(`${base}/api/student/assessments`, {
      method: 'POST',
      body: chunked,
      headers: { ...headers, 'content-type': encoded.headers.get('content-type') ?? '' },
      duplex: 'half',
    });
    expect(streamed.status).toBe(413);
    expect(((await streamed.json()) as ApiErrorBody).message).toBe('The file is larger than 20 MB.');
    expect(await rowCounts(t.database.db)).toEqual(before);

    const ok = await send(20 * MB);
    expect(ok.status).toBe(201);
    expect(((await ok.json()) as StudentAssessmentDto).status).toBe('submitted');
  });
});
