import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudentCertificateDto } from '@ops/shared/schemas/certificates';
import type { ApiErrorBody } from '@ops/shared/schemas/errors';
import { createTestContext, TEST_APP_URL, type TestContext } from '../../test/test-app.ts';
import type { TestClient } from '../../test/test-client.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { certificatePdf, daysFromToday, insertIssuedCertificate } from '../../test/certificate-fixtures.ts';
import { checkCredentialSignature, issuerId } from '../certificates/credential.ts';

let factory: TestDatabaseFactory;
let t: TestContext;
let student: { client: TestClient; profileId: string };
let other: { client: TestClient; profileId: string };
let admin: { client: TestClient; profileId: string };
let certs: {
  older: { id: string; certificateRef: string };
  newer: { id: string; certificateRef: string };
  expired: { id: string; certificateRef: string };
  revoked: { id: string; certificateRef: string };
  others: { id: string; certificateRef: string };
};
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
  t = await createTestContext(factory);
  student = await t.signedInDirectly('client', { fullName: 'Amina Wanjiru' });
  other = await t.signedInDirectly('client', { fullName: 'Brian Otieno' });
  admin = await t.signedInDirectly('admin');
  certs = {
    expired: await insertIssuedCertificate(t, {
      profileId: student.profileId,
      issueDate: '2022-04-01',
      expiresOn: daysFromToday(-2),
      courseId: 'basic',
      courseName: 'Basic Security',
    }),
    older: await insertIssuedCertificate(t, {
      profileId: student.profileId,
      issueDate: '2026-03-02',
      expiresOn: null,
      courseId: 'event',
      courseName: 'Event Security',
    }),
    newer: await insertIssuedCertificate(t, {
      profileId: student.profileId,
      issueDate: '2026-06-15',
      expiresOn: '2029-06-14',
      auditedAt: new Date('2026-06-01T08:00:00Z'),
    }),
    revoked: await insertIssuedCertificate(t, {
      profileId: student.profileId,
      issueDate: '2026-01-10',
      courseId: 'exec',
      courseName: 'Executive Protection',
      revoked: { at: new Date(), reason: 'Issued in error' },
    }),
    others: await insertIssuedCertificate(t, { profileId: other.profileId, studentName: 'Brian Otieno' }),
  };
});
afterAll(async () => {
  await t.close();
  await factory.dispose();
});

describe('GET /api/student/certificates', () => {
  it("lists the student's own certificates, newest first, each with its state today", async () => {
    const res = await student.client.get('/api/student/certificates');
    expect(res.status).toBe(200);
    const list = (await res.json()) as StudentCertificateDto[];
    expect(list.map((c) => [c.certificateRef, c.courseName, c.state])).toEqual([
      [certs.newer.certificateRef, 'Certified Protection Officer', 'valid'],
      [certs.older.certificateRef, 'Event Security', 'valid'],
      [certs.revoked.certificateRef, 'Executive Protection', 'revoked'],
      [certs.expired.certificateRef, 'Basic Security', 'expired'],
    ]);
    expect(list[0]).toEqual({
      id: certs.newer.id,
      certificateRef: certs.newer.certificateRef,
      courseName: 'Certified Protection Officer',
      issueDate: '2026-06-15',
      expiresOn: '2029-06-14',
      state: 'valid',
      cobranded: true,
      pdfUrl: `/api/student/certificates/${certs.newer.id}/pdf`,
      credentialUrl: `/api/student/certificates/${certs.newer.id}/credential`,
    });
  });

  it('asks a guest to sign in', async () => {
    const guest = t.client();
    expect((await guest.get('/api/student/certificates')).status).toBe(401);
    expect((await guest.get(`/api/student/certificates/${certs.newer.id}/pdf`)).status).toBe(401);
    expect((await guest.get(`/api/student/certificates/${certs.newer.id}/credential`)).status).toBe(401);
  });
});

describe('downloads', () => {
  it('gives the owner the PDF inline under its reference', async () => {
    const res = await student.client.get(`/api/student/certificates/${certs.newer.id}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')?.startsWith(`inline; filename="${certs.newer.certificateRef}.pdf"`)).toBe(true);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(certificatePdf(certs.newer.certificateRef));
  });

  it('gives the owner the signed credential as a .credential.json download that checks against the academy key', async () => {
    const res = await student.client.get(`/api/student/certificates/${certs.newer.id}/credential`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('content-disposition')?.startsWith(`attachment; filename="${certs.newer.certificateRef}.credential.json"`)).toBe(true);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ type: 'OpenBadgeCredential+jwt', issuer: issuerId(TEST_APP_URL) });
    const checked = await checkCredentialSignature(text, t.deps.credentialKey);
    expect(checked).toMatchObject({ ok: true, credential: { certificateRef: certs.newer.certificateRef, studentName: 'Amina Wanjiru' } });
  });

  it('answers another student with 404, as if the certificate did not exist', async () => {
    for (const kind of ['pdf', 'credential']) {
      const res = await other.client.get(`/api/student/certificates/${certs.newer.id}/${kind}`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as ApiErrorBody).message).toBe('This certificate could not be found.');
      const unknown = await other.client.get(`/api/student/certificates/${crypto.randomUUID()}/${kind}`);
      expect(unknown.status).toBe(404);
      expect((await other.client.get(`/api/student/certificates/not-an-id/${kind}`)).status).toBe(404);
    }
    // Their own still opens.
    expect((await other.client.get(`/api/student/certificates/${certs.others.id}/pdf`)).status).toBe(200);
  });

  it("lets an admin open any student's PDF and credential", async () => {
    expect((await admin.client.get(`/api/student/certificates/${certs.newer.id}/pdf`)).status).toBe(200);
    expect((await admin.client.get(`/api/student/certificates/${certs.others.id}/credential`)).status).toBe(200);
  });

  it('answers 410 for the files of a revoked certificate, to its owner and an admin', async () => {
    for (const client of [student.client, admin.client]) {
      expect((await client.get(`/api/student/certificates/${certs.revoked.id}/pdf`)).status).toBe(410);
      expect((await client.get(`/api/student/certificates/${certs.revoked.id}/credential`)).status).toBe(410);
    }
    // An expired certificate's files still open: it was valid for its period.
    expect((await student.client.get(`/api/student/certificates/${certs.expired.id}/pdf`)).status).toBe(200);
  });
});
