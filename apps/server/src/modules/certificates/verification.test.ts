import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATE_TEXTS, type CertificateVerificationDto, type CredentialCheckDto } from '@ops/shared/schemas/certificates';
import type { ApiErrorBody } from '@ops/shared/schemas/errors';
import { certificates } from '../../db/schema/certificates.ts';
import { createTestContext, TEST_APP_URL, type TestContext } from '../../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { certificatePdf, daysFromToday, insertIssuedCertificate } from '../../test/certificate-fixtures.ts';
import { newCertificateRef } from './certificate-ref.ts';
import { credentialFile } from './credential.ts';

let factory: TestDatabaseFactory;
let t: TestContext;
let studentId: string;
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
  // Behind our proxy: the client's address is the one X-Forwarded-For names.
  t = await createTestContext(factory, { origins: { appOrigin: TEST_APP_URL, trustedOrigins: [], trustProxy: true } });
  studentId = (await t.signedInDirectly('client', { fullName: 'Amina Wanjiru' })).profileId;
});
afterAll(async () => {
  await t.close();
  await factory.dispose();
});

let addresses = 0;
/** A client of its own: every test counts its lookups from a fresh address. */
function visitor() {
  addresses += 1;
  const address = `198.51.100.${addresses}`;
  const headers = { 'x-forwarded-for': address };
  return {
    get: (path: string, extra: Record<string, string> = {}) => t.app.request(`${TEST_APP_URL}${path}`, { headers: { ...headers, ...extra } }),
    post: (path: string, body: unknown) =>
      t.app.request(`${TEST_APP_URL}${path}`, {
        method: 'POST',
        headers: { ...headers, origin: TEST_APP_URL, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
  };
}

const verify = (ref: string) => `/api/certificates/verify/${encodeURIComponent(ref)}`;

/** Another reference with the same body but a check character that does not match it. */
function withWrongCheck(ref: string): string {
  const check = ref.at(-1)!;
  return `${ref.slice(0, -1)}${check === '0' ? '1' : '0'}`;
}

describe('GET /api/certificates/verify/:ref', () => {
  it('shows a valid certificate with what it says, cacheable for a minute, and answers 304 to a matching ETag', async () => {
    const auditedAt = new Date('2026-02-10T07:00:00Z');
    const cert = await insertIssuedCertificate(t, { profileId: studentId, issueDate: '2026-02-20', expiresOn: '2029-02-19', auditedAt });
    const v = visitor();
    const res = await v.get(verify(cert.certificateRef.toLowerCase().replaceAll('-', ' ')));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/);
    expect((await res.json()) as CertificateVerificationDto).toEqual({
      certificateRef: cert.certificateRef,
      state: 'valid',
      studentName: 'Amina Wanjiru',
      courseId: 'cpo',
      courseName: 'Certified Protection Officer',
      issueDate: '2026-02-20',
      expiresOn: '2029-02-19',
      cobrand: { body: 'EBSSA', auditedAt: '2026-02-10' },
      revoked: null,
      // The reference as a path segment: its check character may be "$", "=" or "*".
      pdfUrl: `/api/certificates/verify/${encodeURIComponent(cert.certificateRef)}/pdf`,
    });
    const again = await v.get(verify(cert.certificateRef), { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('says a certificate past its last valid day has expired', async () => {
    const cert = await insertIssuedCertificate(t, { profileId: studentId, issueDate: '2022-01-10', expiresOn: daysFromToday(-1) });
    const res = await visitor().get(verify(cert.certificateRef));
    expect(res.status).toBe(200);
    const body = (await res.json()) as CertificateVerificationDto;
    expect(body.state).toBe('expired');
    expect(body.cobrand).toBeNull();
  });

  it('still holds on its last valid day, and never expires when the course sets no validity', async () => {
    const lastDay = await insertIssuedCertificate(t, { profileId: studentId, expiresOn: daysFromToday(0) });
    const forever = await insertIssuedCertificate(t, { profileId: studentId, expiresOn: null });
    const v = visitor();
    expect(((await (await v.get(verify(lastDay.certificateRef))).json()) as CertificateVerificationDto).state).toBe('valid');
    const body = (await (await v.get(verify(forever.certificateRef))).json()) as CertificateVerificationDto;
    expect(body).toMatchObject({ state: 'valid', expiresOn: null });
  });

  it('answers 410 for a revoked certificate, saying when and why, with no PDF and no caching', async () => {
    const at = new Date('2026-11-02T09:30:00Z');
    const cert = await insertIssuedCertificate(t, { profileId: studentId, revoked: { at, reason: 'Issued to the wrong student' } });
    const res = await visitor().get(verify(cert.certificateRef));
    expect(res.status).toBe(410);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('etag')).toBeNull();
    const body = (await res.json()) as CertificateVerificationDto;
    expect(body).toMatchObject({ certificateRef: cert.certificateRef, state: 'revoked', pdfUrl: null });
    expect(body.revoked).toEqual({ at: at.toISOString(), reason: 'Issued to the wrong student' });
  });

  it('answers an unknown, a malformed and a mistyped reference exactly alike', async () => {
    const real = await insertIssuedCertificate(t, { profileId: studentId });
    const v = visitor();
    const answers = await Promise.all(
      [newCertificateRef(), 'not-a-reference', withWrongCheck(real.certificateRef), 'OPS-'].map(async (ref) => {
        const res = await v.get(verify(ref));
        return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
      }),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.body) as ApiErrorBody).toEqual({ code: 'NOT_FOUND', message: CERTIFICATE_TEXTS.notFound });
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer).toEqual(answers[0]);
    }
    // The real one is still found, so the mistyped one failed on its check character alone.
    expect((await v.get(verify(real.certificateRef))).status).toBe(200);
  });

  it('refuses the 61st lookup in a minute from one address with 429 and Retry-After, while another address goes on', async () => {
    const cert = await insertIssuedCertificate(t, { profileId: studentId });
    const busy = visitor();
    for (let i = 0; i < 60; i += 1) {
      // Unknown references count as much as real ones.
      const res = await busy.get(verify(i % 2 ? cert.certificateRef : newCertificateRef()));
      expect(res.status).toBe(i % 2 ? 200 : 404);
    }
    const refused = await busy.get(verify(cert.certificateRef));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect((await refused.json()) as ApiErrorBody).toEqual({ code: 'RATE_LIMITED', message: CERTIFICATE_TEXTS.tooManyChecks });
    // The PDF and credential checks share the limit.
    expect((await busy.get(`${verify(cert.certificateRef)}/pdf`)).status).toBe(429);
    expect((await busy.post('/api/certificates/verify-credential', { credential: 'x' })).status).toBe(429);

    expect((await visitor().get(verify(cert.certificateRef))).status).toBe(200);
  });

  it('counts lookups made all at once exactly: 60 of 70 from one address answered, each with its own certificate, and every other address answered', async () => {
    const [one, two] = await Promise.all([insertIssuedCertificate(t, { profileId: studentId }), insertIssuedCertificate(t, { profileId: studentId })]);
    const busy = visitor();
    const others = Array.from({ length: 30 }, () => visitor());
    const unknown = newCertificateRef();
    // Interleaved, so the lookups that travel together mix addresses, references and outcomes.
    const asked = Array.from({ length: 70 }, (_, i) => ({ who: busy, ref: [one.certificateRef, two.certificateRef, unknown][i % 3]! }));
    others.forEach((who, i) => asked.splice(i * 2, 0, { who, ref: i % 2 ? one.certificateRef : two.certificateRef }));
    const answers = await Promise.all(
      asked.map(async ({ who, ref }) => {
        const res = await who.get(verify(ref));
        const body = (await res.json()) as Partial<CertificateVerificationDto>;
        return { busy: who === busy, ref, status: res.status, shown: body.certificateRef ?? null };
      }),
    );
    const fromBusy = answers.filter((a) => a.busy);
    expect(fromBusy.filter((a) => a.status === 429)).toHaveLength(10);
    expect(fromBusy.filter((a) => a.status !== 429)).toHaveLength(60);
    for (const a of answers.filter((x) => x.status !== 429)) {
      if (a.ref === unknown) expect(a).toMatchObject({ status: 404, shown: null });
      else expect(a).toMatchObject({ status: 200, shown: a.ref });
    }
    expect(answers.filter((a) => !a.busy).every((a) => a.status === 200)).toBe(true);
  });
});

describe('GET /api/certificates/verify/:ref/pdf', () => {
  it('shows the certificate PDF inline under its reference', async () => {
    const cert = await insertIssuedCertificate(t, { profileId: studentId });
    const res = await visitor().get(`${verify(cert.certificateRef)}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')?.startsWith(`inline; filename="${cert.certificateRef}.pdf"`)).toBe(true);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(certificatePdf(cert.certificateRef));
  });

  it('answers 410 for a revoked certificate and 404 for an unknown or mistyped reference', async () => {
    const revoked = await insertIssuedCertificate(t, { profileId: studentId, revoked: { at: new Date(), reason: 'Obtained by fraud' } });
    const v = visitor();
    expect((await v.get(`${verify(revoked.certificateRef)}/pdf`)).status).toBe(410);
    const unknown = await v.get(`${verify(newCertificateRef())}/pdf`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as ApiErrorBody).message).toBe(CERTIFICATE_TEXTS.notFound);
    expect((await v.get(`${verify(withWrongCheck(revoked.certificateRef))}/pdf`)).status).toBe(404);
  });
});

describe('POST /api/certificates/verify-credential', () => {
  async function credentialOf(certificateId: string, client: { get: (path: string) => Promise<Response> }) {
    const res = await client.get(`/api/student/certificates/${certificateId}/credential`);
    expect(res.status).toBe(200);
    return res.text();
  }

  it('passes every check of a credential the academy signed', async () => {
    const student = await t.signedInDirectly('client', { fullName: 'Brian Otieno' });
    const cert = await insertIssuedCertificate(t, {
      profileId: student.profileId,
      studentName: 'Brian Otieno',
      issueDate: '2026-03-02',
      expiresOn: '2029-03-01',
    });
    const res = await visitor().post('/api/certificates/verify-credential', { credential: await credentialOf(cert.id, student.client) });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await res.json()) as CredentialCheckDto).toEqual({
      signature: true,
      issuer: true,
      notRevoked: true,
      notExpired: true,
      valid: true,
      certificate: {
        certificateRef: cert.certificateRef,
        studentName: 'Brian Otieno',
        courseName: 'Certified Protection Officer',
        issueDate: '2026-03-02',
        expiresOn: '2029-03-01',
      },
    });
  });

  it('fails the signature when one character of the credential is changed', async () => {
    const student = await t.signedInDirectly('client');
    const cert = await insertIssuedCertificate(t, { profileId: student.profileId });
    const file = JSON.parse(await credentialOf(cert.id, student.client)) as { jwt: string };
    const [header, payload, signature] = file.jwt.split('.') as [string, string, string];
    const changed = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    const res = await visitor().post('/api/certificates/verify-credential', {
      credential: credentialFile(`${header}.${payload}.${changed}`, TEST_APP_URL),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as CredentialCheckDto;
    expect(body).toMatchObject({ signature: false, valid: false, certificate: null });
  });

  it('says not revoked is false for a revoked certificate, and not expired is false past its last day', async () => {
    const student = await t.signedInDirectly('client');
    const revoked = await insertIssuedCertificate(t, { profileId: student.profileId, revoked: { at: new Date(), reason: 'Issued in error' } });
    const expired = await insertIssuedCertificate(t, { profileId: student.profileId, issueDate: '2022-05-01', expiresOn: daysFromToday(-3) });
    const v = visitor();
    // A revoked certificate's credential cannot be downloaded any more; the student kept the file from before.
    const [revokedJwt, expiredJwt] = await Promise.all(
      [revoked.id, expired.id].map(async (id) => {
        const [row] = await t.database.db.select({ credentialJwt: certificates.credentialJwt }).from(certificates).where(eq(certificates.id, id));
        return row?.credentialJwt ?? '';
      }),
    );
    const r1 = (await (
      await v.post('/api/certificates/verify-credential', { credential: credentialFile(revokedJwt ?? '', TEST_APP_URL) })
    ).json()) as CredentialCheckDto;
    expect(r1).toMatchObject({ signature: true, issuer: true, notRevoked: false, notExpired: true, valid: false });
    const r2 = (await (
      await v.post('/api/certificates/verify-credential', { credential: credentialFile(expiredJwt ?? '', TEST_APP_URL) })
    ).json()) as CredentialCheckDto;
    expect(r2).toMatchObject({ signature: true, issuer: true, notRevoked: true, notExpired: false, valid: false });
  });

  it('answers all false for text that is no credential, and 400 for an empty one', async () => {
    const v = visitor();
    const garbage = await v.post('/api/certificates/verify-credential', { credential: 'this is not a credential' });
    expect(garbage.status).toBe(200);
    expect((await garbage.json()) as CredentialCheckDto).toEqual({
      signature: false,
      issuer: false,
      notRevoked: false,
      notExpired: false,
      valid: false,
      certificate: null,
    });
    const empty = await v.post('/api/certificates/verify-credential', { credential: '   ' });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as ApiErrorBody).fields).toEqual({ credential: 'Choose a credential file' });
  });
});
