import { readdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuditEventPageDto } from '@ops/shared/schemas/audit';
import type { ApiErrorBody } from '@ops/shared/schemas/errors';
import { GUARD_CERTIFICATES_MAX, type GuardCredentialsDto, type GuardDocumentDto, type GuardDocumentsDto } from '@ops/shared/schemas/guard-documents';
import { storedFiles as storedFilesTable } from '../../db/schema/files.ts';
import { guards } from '../../db/schema/guards.ts';
import { rowCounts } from '../../test/row-counts.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
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

const MB = 1024 * 1024;
const pdf = (extra = '') => Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n${extra}%%EOF\n`);
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

function uploadForm(kind: string | null, bytes: Uint8Array, name: string, type = 'application/pdf') {
  const form = new FormData();
  if (kind !== null) form.append('kind', kind);
  form.append('file', new Blob([bytes], { type }), name);
  return form;
}

async function upload(client: TestClient, kind: string | null, bytes: Uint8Array, name: string, type?: string) {
  return client.request('/api/guard/documents', { method: 'POST', body: uploadForm(kind, bytes, name, type) });
}

async function uploaded(client: TestClient, kind: string, bytes: Uint8Array, name: string, type?: string): Promise<GuardDocumentDto> {
  const res = await upload(client, kind, bytes, name, type);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as GuardDocumentDto;
}

async function documentsOf(client: TestClient): Promise<GuardDocumentsDto> {
  const res = await client.get('/api/guard/documents');
  expect(res.status).toBe(200);
  return (await res.json()) as GuardDocumentsDto;
}

/** Every file the store holds, and the uploads still waiting in the temporary folder. */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(t.files.root, { recursive: true }).catch(() => [] as string[]);
  const files: string[] = [];
  for (const entry of entries) if ((await stat(join(t.files.root, entry))).isFile()) files.push(entry);
  return files.sort();
}
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

describe('who may read a guard document', () => {
  it('the guard who owns it; another guard, a client and a partner are told it does not exist; a visitor must sign in', async () => {
    const owner = await t.signedInDirectly('guard');
    const doc = await uploaded(owner.client, 'police_clearance', pdf(), 'clearance.pdf');

    expect((await owner.client.get(doc.url)).status).toBe(200);
    for (const role of ['guard', 'client', 'partner'] as const) {
      const other = await t.signedInDirectly(role);
      const res = await other.client.get(doc.url);
      expect(res.status, role).toBe(404);
      expect(await res.json()).toMatchObject({ message: 'No such document.' });
    }
    const unknown = await owner.client.get(`/api/guard-documents/${crypto.randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect((await owner.client.get('/api/guard-documents/not-an-id')).status).toBe(404);
    expect((await t.client().get(doc.url)).status).toBe(401);
  });

  it('an admin, and each read is written to the audit trail with who read whose document', async () => {
    const owner = await t.signedInDirectly('guard', { fullName: 'Faith Akinyi' });
    const doc = await uploaded(owner.client, 'psra_licence', pdf(), 'PSRA licence.pdf');
    await owner.client.get(doc.url);
    const admin = await t.signedInDirectly('admin');

    const res = await admin.client.get(`${doc.url}?disposition=inline`);

    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(pdf());
    const trail = (await (await admin.client.get('/api/audit-events?action=guard_document.read')).json()) as AuditEventPageDto;
    expect(trail.items).toEqual([
      expect.objectContaining({
        actorProfileId: admin.profileId,
        action: 'guard_document.read',
        recordType: 'guard_document',
        recordId: doc.id,
        subjectProfileId: owner.profileId,
        after: { kind: 'psra_licence', originalName: 'PSRA licence.pdf' },
      }),
    ]);
  });

  it('not even an admin when the read cannot be recorded', async () => {
    const owner = await t.signedInDirectly('guard');
    const doc = await uploaded(owner.client, 'cv', pdf(), 'cv.pdf');
    const admin = await t.signedInDirectly('admin');
    await t.database.db.execute(
      sql.raw(`create function refuse_audit() returns trigger language plpgsql as $$ begin raise exception 'audit trail unavailable'; end $$`),
    );
    await t.database.db.execute(sql.raw('create trigger refuse_audit before insert on audit_events for each row execute function refuse_audit()'));

    const res = await admin.client.get(doc.url);

    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.text()).not.toContain('%PDF');
  });
});

describe('a guard removes a document', () => {
  it('removes their own, and cannot touch anyone else’s', async () => {
    const guard = await t.signedInDirectly('guard');
    const other = await t.signedInDirectly('guard');
    const mine = await uploaded(guard.client, 'certificate', pdf('mine'), 'mine.pdf');
    const kept = await uploaded(guard.client, 'certificate', pdf('kept'), 'kept.pdf');
    const theirs = await uploaded(other.client, 'cv', pdf('theirs'), 'theirs.pdf');

    expect((await guard.client.request(`/api/guard/documents/${theirs.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await other.client.get(theirs.url)).status).toBe(200);

    expect((await guard.client.request(`/api/guard/documents/${mine.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await documentsOf(guard.client)).documents.map((d) => d.id)).toEqual([kept.id]);
    expect((await guard.client.get(mine.url)).status).toBe(404);
    expect(await storedFiles()).toHaveLength(2);
    expect((await guard.client.request(`/api/guard/documents/${mine.id}`, { method: 'DELETE' })).status).toBe(404);
  });
});

describe('a guard records their credentials', () => {
  const valid = {
    psraLicenceNumber: '  PSRA/2024-00123 ',
    psraLicenceExpiresOn: '2099-06-30',
    policeClearanceIssuedOn: '2025-01-15',
    policeClearanceExpiresOn: '2099-01-14',
  };

  it('saves the licence and clearance and says when both hold until', async () => {
    const guard = await t.signedInDirectly('guard');
    const res = await guard.client.put('/api/guard/credentials', valid);
    expect(res.status).toBe(200);
    const saved = (await res.json()) as GuardCredentialsDto;
    expect(saved).toMatchObject({
      psraLicenceNumber: 'PSRA/2024-00123',
      psraLicenceExpiresOn: '2099-06-30',
      policeClearanceIssuedOn: '2025-01-15',
      policeClearanceExpiresOn: '2099-01-14',
      credentialsValidUntil: '2099-01-14',
    });
    expect(saved.statuses.map((s) => [s.credential, s.state])).toEqual([
      ['psra_licence', 'valid'],
      ['police_clearance', 'valid'],
    ]);
    expect((await documentsOf(guard.client)).credentials).toEqual(saved);
  });

  it('starts with nothing on record', async () => {
    const guard = await t.signedInDirectly('guard');
    const { credentials } = await documentsOf(guard.client);
    expect(credentials).toMatchObject({ psraLicenceNumber: null, credentialsValidUntil: null });
    expect(credentials.statuses.map((s) => s.state)).toEqual(['missing', 'missing']);
  });

  it('refuses bad entries field by field and changes nothing', async () => {
    const guard = await t.signedInDirectly('guard');
    await guard.client.put('/api/guard/credentials', valid);
    const before = await documentsOf(guard.client);

    const res = await guard.client.put('/api/guard/credentials', {
      psraLicenceNumber: 'PS<script>',
      psraLicenceExpiresOn: '2099-02-30',
      policeClearanceIssuedOn: '2999-01-01',
      policeClearanceExpiresOn: '2998-12-31',
    });

    expect(res.status).toBe(400);
    expect(((await res.json()) as ApiErrorBody).fields).toEqual({
      psraLicenceNumber: 'Use only letters, digits, / and - in the PSRA licence number',
      psraLicenceExpiresOn: 'Enter the licence expiry date as YYYY-MM-DD',
      policeClearanceIssuedOn: 'The issue date cannot be in the future',
      policeClearanceExpiresOn: 'The expiry date cannot be before the issue date',
    });
    const tooShort = await guard.client.put('/api/guard/credentials', { ...valid, psraLicenceNumber: ' 12 ' });
    expect(((await tooShort.json()) as ApiErrorBody).fields).toEqual({ psraLicenceNumber: 'The PSRA licence number has at least 3 characters' });
    expect(await documentsOf(guard.client)).toEqual(before);
  });
});
