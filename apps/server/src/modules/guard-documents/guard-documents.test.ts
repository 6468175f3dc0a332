/** A guard's documents once uploaded: who may read them, removing one, and the licence and clearance on record. */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuditEventPageDto } from '@ops/shared/schemas/audit';
import type { ApiErrorBody } from '@ops/shared/schemas/errors';
import type { GuardCredentialsDto } from '@ops/shared/schemas/guard-documents';
import { documentsOf, guardDocumentFixtures, pdf, uploaded } from '../../test/guard-document-fixtures.ts';
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
