import { importJWK, type JWK } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { settings } from '../../db/schema/settings.ts';
import { createTestContext, TEST_APP_URL, type TestContext } from '../../test/test-app.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../../test/test-database.ts';
import { newCertificateRef } from './certificate-ref.ts';
import { checkCredentialSignature, signCredential } from './credential.ts';

interface Profile {
  '@context': string[];
  id: string;
  type: string[];
  name: string;
  url: string;
  verificationMethod: { id: string; type: string; controller: string; publicKeyJwk: JWK }[];
}

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

describe('GET /api/credentials/issuer', () => {
  it('publishes the academy as an Open Badges issuer with its public key, to anyone, cacheable', async () => {
    const res = await t.client().get('/api/credentials/issuer');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const profile = (await res.json()) as Profile;
    const issuer = `${TEST_APP_URL}/api/credentials/issuer`;
    expect(profile).toMatchObject({
      '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
      id: issuer,
      type: ['Profile'],
      name: 'OPS Security Academy',
      url: TEST_APP_URL,
    });
    expect(profile.verificationMethod).toEqual([
      {
        id: `${issuer}#${t.deps.credentialKey.kid}`,
        type: 'JsonWebKey',
        controller: issuer,
        publicKeyJwk: expect.objectContaining({ kty: 'OKP', crv: 'Ed25519' }),
      },
    ]);
    expect(JSON.stringify(profile)).not.toMatch(/"d"\s*:/);
    await expect(importJWK(profile.verificationMethod[0]!.publicKeyJwk, 'EdDSA')).resolves.toBeTruthy();
  });

  it('checks a credential the server signed, with nothing but the published profile', async () => {
    const ref = newCertificateRef();
    const jwt = await signCredential(TEST_APP_URL, 'OPS Security Academy', t.deps.credentialKey, {
      certificateRef: ref,
      studentName: 'Grace Wanjiru',
      courseId: 'cpo',
      courseName: 'Certified Protection Officer',
      courseDescription: 'Close protection.',
      issueDate: '2026-11-20',
      expiresOn: null,
      verifyUrl: `${TEST_APP_URL}/cert/verify/${ref}`,
      cobrand: null,
    });
    const profile = (await (await t.client().get('/api/credentials/issuer')).json()) as Profile;
    const method = profile.verificationMethod[0]!;
    const check = await checkCredentialSignature(jwt, { publicJwk: method.publicKeyJwk, kid: method.id.split('#')[1]! });
    expect(check).toMatchObject({ ok: true, credential: { certificateRef: ref, studentName: 'Grace Wanjiru', issuer: profile.id } });
  });

  it("names the issuer after the company's name in Settings", async () => {
    await t.database.db.update(settings).set({ companyName: 'Simba Guards' });
    const profile = (await (await t.client().get('/api/credentials/issuer')).json()) as Profile;
    expect(profile.name).toBe('Simba Guards Academy');
  });
});
