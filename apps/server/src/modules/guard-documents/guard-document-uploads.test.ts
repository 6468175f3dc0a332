/** A guard uploads documents: what is kept and served, what is refused, and that a refused upload leaves nothing behind. */
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@ops/shared/schemas/errors';
import { GUARD_CERTIFICATES_MAX } from '@ops/shared/schemas/guard-documents';
import { storedFiles as storedFilesTable } from '../../db/schema/files.ts';
import { guards } from '../../db/schema/guards.ts';
import { documentsOf, guardDocumentFixtures, pdf, upload, uploaded, uploadForm } from '../../test/guard-document-fixtures.ts';
import { rowCounts } from '../../test/row-counts.ts';
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

const { storedFiles } = guardDocumentFixtures(() => t);

const MB = 1024 * 1024;
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const jpeg = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
  Buffer.alloc(64, 0x11),
  Buffer.from([0xff, 0xd9]),
]);
const html = Buffer.from('<!doctype html><html><body><script>document.location="https://evil.example"</script></body></html>');
const exe = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(0x3a),
  Buffer.from([0x80, 0, 0, 0]),
  Buffer.alloc(0x40),
  Buffer.from('PE\0\0'),
  Buffer.alloc(200),
]);
/** A PDF of exactly `size` bytes. */
const pdfOfSize = (size: number) => Buffer.concat([pdf(), Buffer.alloc(size - pdf().length, 0x20)]);

const spooledUploads = async () => (await readdir(tmpdir())).filter((name) => name.startsWith('ops-upload-'));

/** What a refused upload must leave as it was: the rows, the stored bytes and the temporary folder. */
async function snapshot() {
  return { rows: await rowCounts(t.database.db), files: await storedFiles(), spooled: await spooledUploads() };
}

describe('a guard uploads documents', () => {
  it('keeps a PDF, a PNG and a JPEG, typed by their content, and gives them back byte for byte', async () => {
    const guard = await t.signedInDirectly('guard');
    const cv = await uploaded(guard.client, 'cv', pdf(), 'Wanjiru CV.pdf');
    const licence = await uploaded(guard.client, 'psra_licence', png, 'licence.pdf', 'application/pdf');
    const certificate = await uploaded(guard.client, 'certificate', jpeg, 'First aid – Nairobi.jpeg', 'image/jpeg');

    expect(cv).toMatchObject({
      kind: 'cv',
      originalName: 'Wanjiru CV.pdf',
      contentType: 'application/pdf',
      sizeBytes: pdf().length,
      url: `/api/guard-documents/${cv.id}`,
    });
    // The name said PDF; the bytes are a PNG, and that is what is kept and served.
    expect(licence).toMatchObject({ kind: 'psra_licence', originalName: 'licence.pdf', contentType: 'image/png', sizeBytes: png.length });
    expect(certificate).toMatchObject({ kind: 'certificate', originalName: 'First aid – Nairobi.jpeg', contentType: 'image/jpeg' });

    const { documents } = await documentsOf(guard.client);
    expect(documents.map((d) => [d.kind, d.id])).toEqual([
      ['cv', cv.id],
      ['psra_licence', licence.id],
      ['certificate', certificate.id],
    ]);

    const res = await guard.client.get(licence.url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(png);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="licence.png"; filename*=UTF-8''licence.png`);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');

    const inline = await guard.client.get(`${certificate.url}?disposition=inline`);
    expect(inline.headers.get('content-disposition')).toBe(
      `inline; filename="First aid _ Nairobi.jpg"; filename*=UTF-8''First%20aid%20%E2%80%93%20Nairobi.jpg`,
    );
    expect(Buffer.from(await inline.arrayBuffer())).toEqual(jpeg);
  });

  it.each([
    ['an HTML page', html],
    ['a Windows program', exe],
    ['plain text', Buffer.from('just some words, not a document')],
  ])('refuses %s named cv.pdf, and keeps nothing', async (_what, bytes) => {
    const guard = await t.signedInDirectly('guard');
    const before = await snapshot();

    const res = await upload(guard.client, 'cv', bytes, 'cv.pdf');

    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'Upload a PDF, JPEG or PNG file.', fields: { file: 'Upload a PDF, JPEG or PNG file.' } });
    expect(await snapshot()).toEqual(before);
    expect((await documentsOf(guard.client)).documents).toEqual([]);
  });

  it('takes a file of exactly 10 MB and refuses one byte more, keeping nothing of it', async () => {
    const guard = await t.signedInDirectly('guard');
    const before = await snapshot();

    const tooBig = await upload(guard.client, 'cv', pdfOfSize(10 * MB + 1), 'big.pdf');
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toMatchObject({ message: 'The file is larger than 10 MB.' });
    expect(await snapshot()).toEqual(before);

    expect(await uploaded(guard.client, 'cv', pdfOfSize(10 * MB), 'exactly.pdf')).toMatchObject({ sizeBytes: 10 * MB });
  });

  it('refuses a body announced as too big before reading it', async () => {
    const guard = await t.signedInDirectly('guard');
    const body = new Response(uploadForm('cv', pdfOfSize(11 * MB), 'big.pdf'));
    const bytes = await body.arrayBuffer();
    const before = await snapshot();
    const res = await guard.client.request('/api/guard/documents', {
      method: 'POST',
      headers: { 'content-type': body.headers.get('content-type') ?? '', 'content-length': String(bytes.byteLength) },
      body: bytes,
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as ApiErrorBody).message).toBe('The file is larger than 10 MB.');
    expect(res.headers.get('connection')).toBe('close');
    expect(await snapshot()).toEqual(before);
  });

  it('asks for the kind of document and for a file', async () => {
    const guard = await t.signedInDirectly('guard');
    const before = await snapshot();

    const noKind = await upload(guard.client, null, pdf(), 'cv.pdf');
    expect(noKind.status).toBe(400);
    expect(((await noKind.json()) as ApiErrorBody).fields).toEqual({ kind: 'Choose what kind of document this is' });

    const wrongKind = await upload(guard.client, 'passport', pdf(), 'cv.pdf');
    expect(((await wrongKind.json()) as ApiErrorBody).fields).toEqual({ kind: 'Choose what kind of document this is' });

    const form = new FormData();
    form.append('kind', 'cv');
    const noFile = await guard.client.request('/api/guard/documents', { method: 'POST', body: form });
    expect(noFile.status).toBe(400);
    expect(((await noFile.json()) as ApiErrorBody).fields).toEqual({ file: 'Choose a file to upload.' });

    const empty = await upload(guard.client, 'cv', Buffer.alloc(0), 'empty.pdf');
    expect(((await empty.json()) as ApiErrorBody).fields).toEqual({ file: 'The file is empty.' });

    const json = await guard.client.post('/api/guard/documents', { kind: 'cv' });
    expect(json.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('replaces the CV: one CV remains, and the old file is gone', async () => {
    const guard = await t.signedInDirectly('guard');
    const first = await uploaded(guard.client, 'cv', pdf('first'), 'cv-2024.pdf');
    const second = await uploaded(guard.client, 'cv', pdf('second version'), 'cv-2026.pdf');

    const { documents } = await documentsOf(guard.client);
    expect(documents).toEqual([expect.objectContaining({ id: second.id, kind: 'cv', originalName: 'cv-2026.pdf' })]);
    expect((await guard.client.get(first.url)).status).toBe(404);
    expect(await storedFiles()).toEqual([`guard-documents/${await keyOf(second.id)}`]);
    expect((await rowCounts(t.database.db)).stored_files).toBe(1);
  });

  it(`keeps up to ${GUARD_CERTIFICATES_MAX} certificates and says so when there is no room`, async () => {
    const guard = await t.signedInDirectly('guard');
    for (let i = 0; i < GUARD_CERTIFICATES_MAX; i += 1) await uploaded(guard.client, 'certificate', pdf(`certificate ${i}`), `certificate-${i}.pdf`);
    const before = await snapshot();

    const res = await upload(guard.client, 'certificate', pdf('one more'), 'one-more.pdf');

    expect(res.status).toBe(409);
    expect(((await res.json()) as ApiErrorBody).message).toBe('You can keep at most 10 certificates. Delete one before adding another.');
    expect(await snapshot()).toEqual(before);
    expect((await documentsOf(guard.client)).documents).toHaveLength(GUARD_CERTIFICATES_MAX);
  });

  it('removes the bytes again when the record cannot be written', async () => {
    const guard = await t.signedInDirectly('guard');
    await t.database.db.delete(guards).where(eq(guards.profileId, guard.profileId));
    const before = await snapshot();

    const res = await upload(guard.client, 'cv', pdf(), 'cv.pdf');

    expect(res.status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('is for guards: a client is refused and a visitor asked to sign in', async () => {
    const { client } = await t.signedInDirectly('client');
    expect((await upload(client, 'cv', pdf(), 'cv.pdf')).status).toBe(403);
    expect((await client.get('/api/guard/documents')).status).toBe(403);
    expect((await upload(t.client(), 'cv', pdf(), 'cv.pdf')).status).toBe(401);
    expect(await storedFiles()).toEqual([]);
  });
});

async function keyOf(fileId: string): Promise<string> {
  const [row] = await t.database.db.select({ key: storedFilesTable.key }).from(storedFilesTable).where(eq(storedFilesTable.id, fileId));
  return row?.key ?? '';
}
