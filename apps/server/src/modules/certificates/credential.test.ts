import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt, decodeProtectedHeader, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCertificateRef } from './certificate-ref.ts';
import { checkCredentialSignature, credentialFile, issuerId, issuerProfile, signCredential, type CredentialInput } from './credential.ts';
import { loadIssuerKey, type IssuerKey } from './issuer-key.ts';

const APP_URL = 'https://ops.example.co.ke';
const ACADEMY = 'OPS Security Academy';

let dir: string;
let key: IssuerKey;
let otherKey: IssuerKey;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ops-credential-'));
  key = await loadIssuerKey({ dataDir: join(dir, 'a') });
  otherKey = await loadIssuerKey({ dataDir: join(dir, 'b') });
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const input = (overrides: Partial<CredentialInput> = {}): CredentialInput => {
  const certificateRef = overrides.certificateRef ?? newCertificateRef();
  return {
    certificateRef,
    studentName: 'Zoë Wanjikũ Otieno',
    courseId: 'cpo',
    courseName: 'Close Protection Officer',
    courseDescription: 'Protecting principals in Kenya.',
    issueDate: '2026-11-20',
    expiresOn: '2029-11-19',
    verifyUrl: `${APP_URL}/cert/verify/${certificateRef}`,
    cobrand: { body: 'EBSSA', auditedAt: '2026-10-02' },
    ...overrides,
  };
};

/** The key as anyone reads it from the published issuer profile, not from our key object. */
function publishedKey(): { publicJwk: JWK; kid: string } {
  const profile = JSON.parse(JSON.stringify(issuerProfile(APP_URL, ACADEMY, key))) as {
    verificationMethod: { id: string; publicKeyJwk: JWK }[];
  };
  const method = profile.verificationMethod[0]!;
  return { publicJwk: method.publicKeyJwk, kid: method.id.split('#')[1]! };
}

/** The parts of a signed credential's payload the tests read. */
interface Payload {
  '@context': string[];
  id: string;
  type: string[];
  issuer: unknown;
  validFrom: string;
  validUntil?: string;
  credentialSubject: { achievement: { criteria: { narrative: string } } };
  credentialStatus: { id: string; verifyPage: string };
  iss: string;
  jti: string;
  nbf: number;
  exp?: number;
}
const payloadOf = (jwt: string) => decodeJwt(jwt) as unknown as Payload;

/** Changes the character at `index` of a JWS part to another base64url character. */
function flip(jwt: string, part: 0 | 1 | 2, index: number): string {
  const parts = jwt.split('.');
  const chars = [...parts[part]!];
  chars[index] = chars[index] === 'A' ? 'B' : 'A';
  parts[part] = chars.join('');
  return parts.join('.');
}

describe('issuerProfile', () => {
  it('publishes the public key, and no private part, as a JsonWebKey verification method', () => {
    const profile = issuerProfile(APP_URL, ACADEMY, key) as Record<string, unknown>;
    expect(profile).toMatchObject({
      '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
      id: `${APP_URL}/api/credentials/issuer`,
      type: ['Profile'],
      name: ACADEMY,
      url: APP_URL,
      verificationMethod: [
        {
          id: `${APP_URL}/api/credentials/issuer#${key.kid}`,
          type: 'JsonWebKey',
          controller: `${APP_URL}/api/credentials/issuer`,
          publicKeyJwk: { kty: 'OKP', crv: 'Ed25519', x: key.publicJwk.x },
        },
      ],
    });
    expect(JSON.stringify(profile)).not.toContain('"d"');
  });
});

describe('signCredential', () => {
  it('signs an Open Badges 3.0 credential as a VC-JWT that the published key verifies', async () => {
    const details = input();
    const jwt = await signCredential(APP_URL, ACADEMY, key, details);
    expect(decodeProtectedHeader(jwt)).toEqual({ alg: 'EdDSA', typ: 'vc+jwt', kid: `${issuerId(APP_URL)}#${key.kid}` });

    const check = await checkCredentialSignature(jwt, publishedKey());
    expect(check).toEqual({
      ok: true,
      credential: {
        certificateRef: details.certificateRef,
        studentName: 'Zoë Wanjikũ Otieno',
        courseName: 'Close Protection Officer',
        issueDate: '2026-11-20',
        expiresOn: '2029-11-19',
        issuer: `${APP_URL}/api/credentials/issuer`,
      },
    });
  });

  it('carries the credential, its subject and achievement, and the JWT claims', async () => {
    const details = input();
    const payload = payloadOf(await signCredential(APP_URL, ACADEMY, key, details));
    expect(payload.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(payload['@context'][0]).toBe('https://www.w3.org/ns/credentials/v2');
    expect(payload.issuer).toMatchObject({ id: issuerId(APP_URL), type: ['Profile'], name: ACADEMY });
    expect(payload.validFrom).toBe('2026-11-20T00:00:00+03:00');
    expect(payload.validUntil).toBe('2029-11-19T23:59:59+03:00');
    expect(payload.credentialSubject).toMatchObject({
      type: ['AchievementSubject'],
      name: 'Zoë Wanjikũ Otieno',
      achievement: {
        id: `${APP_URL}/courses/cpo`,
        type: ['Achievement'],
        name: 'Close Protection Officer',
        description: 'Protecting principals in Kenya.',
      },
    });
    expect(payload.credentialSubject.achievement.criteria.narrative).toContain('audited by EBSSA on 2026-10-02');
    expect(payload.credentialStatus.id).toBe(`${APP_URL}/api/certificates/verify/${encodeURIComponent(details.certificateRef)}`);
    expect(payload.credentialStatus.verifyPage).toBe(details.verifyUrl);
    expect(payload.iss).toBe(issuerId(APP_URL));
    expect(payload.jti).toBe(payload.id);
    expect(payload.nbf).toBe(Date.parse('2026-11-19T21:00:00Z') / 1000);
    expect(payload.exp).toBe(Date.parse('2029-11-19T20:59:59Z') / 1000);
  });

  it('leaves out validUntil and exp when the certificate never expires, and the audit when not co-branded', async () => {
    const jwt = await signCredential(APP_URL, ACADEMY, key, input({ expiresOn: null, cobrand: null }));
    const payload = payloadOf(jwt);
    expect(payload.validUntil).toBeUndefined();
    expect(payload.exp).toBeUndefined();
    expect(JSON.stringify(payload)).not.toContain('EBSSA');
    const check = await checkCredentialSignature(jwt, publishedKey());
    expect(check.ok && check.credential.expiresOn).toBeNull();
  });

  it('still checks long after it expired: expiry is told apart from a bad signature', async () => {
    const jwt = await signCredential(APP_URL, ACADEMY, key, input({ issueDate: '2010-01-04', expiresOn: '2012-01-03' }));
    expect(await checkCredentialSignature(jwt, publishedKey())).toMatchObject({ ok: true, credential: { expiresOn: '2012-01-03' } });
  });
});

describe('checkCredentialSignature', () => {
  it('accepts the downloaded file, and JSON with a credential property', async () => {
    const jwt = await signCredential(APP_URL, ACADEMY, key, input());
    const file = credentialFile(jwt, APP_URL);
    expect(JSON.parse(file)).toEqual({ type: 'OpenBadgeCredential+jwt', jwt, issuer: `${APP_URL}/api/credentials/issuer` });
    expect((await checkCredentialSignature(file, publishedKey())).ok).toBe(true);
    expect((await checkCredentialSignature(JSON.stringify({ credential: jwt }), publishedKey())).ok).toBe(true);
    expect((await checkCredentialSignature(`\n  ${jwt}\n`, publishedKey())).ok).toBe(true);
  });

  it('fails on one changed character of the signature, and of the payload', async () => {
    const jwt = await signCredential(APP_URL, ACADEMY, key, input());
    const [, payload, signature] = jwt.split('.') as [string, string, string];
    for (const index of [0, 10, Math.floor(signature.length / 2), signature.length - 2]) {
      expect(await checkCredentialSignature(flip(jwt, 2, index), publishedKey()), `signature[${index}]`).toEqual({ ok: false, reason: 'signature' });
    }
    for (const index of [0, 20, Math.floor(payload.length / 2), payload.length - 2]) {
      expect(await checkCredentialSignature(flip(jwt, 1, index), publishedKey()), `payload[${index}]`).toEqual({ ok: false, reason: 'signature' });
    }
  });

  it('fails on a payload rewritten to another name, signature kept', async () => {
    const jwt = await signCredential(APP_URL, ACADEMY, key, input());
    const [header, payload, signature] = jwt.split('.') as [string, string, string];
    const forged = Buffer.from(Buffer.from(payload, 'base64url').toString().replace('Otieno', 'Kamau')).toString('base64url');
    expect(await checkCredentialSignature(`${header}.${forged}.${signature}`, publishedKey())).toEqual({ ok: false, reason: 'signature' });
  });

  it("fails on another key's credential, and with another key", async () => {
    const otherIssuer = await signCredential(APP_URL, ACADEMY, otherKey, input());
    expect(await checkCredentialSignature(otherIssuer, publishedKey())).toEqual({ ok: false, reason: 'signature' });
    const ours = await signCredential(APP_URL, ACADEMY, key, input());
    expect(await checkCredentialSignature(ours, { publicJwk: otherKey.publicJwk, kid: otherKey.kid })).toEqual({ ok: false, reason: 'signature' });
    // Same key id claimed, other key: still the signature.
    expect(await checkCredentialSignature(ours, { publicJwk: otherKey.publicJwk, kid: key.kid })).toEqual({ ok: false, reason: 'signature' });
  });

  it('says malformed, without throwing, for anything that is not a credential', async () => {
    const hostile = [
      '',
      '   ',
      'hello',
      'a.b.c',
      '...',
      'eyJhbGciOiJFZERTQSJ9.e30',
      '{"jwt": 42}',
      '{"credential": null}',
      '{',
      '[]',
      'null',
      '{"jwt": "not a jwt"}',
      'x'.repeat(2_000_000),
      `${'a'.repeat(100_000)}.${'b'.repeat(100_000)}.${'c'.repeat(100)}`,
      Buffer.from([0xff, 0xfe, 0x00, 0x01]).toString('latin1'),
      `${Buffer.from('{"alg":"EdDSA"').toString('base64url')}.e30.AAAA`,
      `${Buffer.from('not json').toString('base64url')}.e30.AAAA`,
    ];
    for (const text of hostile) {
      expect(await checkCredentialSignature(text, publishedKey()), text.slice(0, 30)).toEqual({ ok: false, reason: 'malformed' });
    }
    expect(await checkCredentialSignature(undefined as unknown as string, publishedKey())).toEqual({ ok: false, reason: 'malformed' });
  });

  it('refuses an unsigned or HMAC token as not signed by the academy', async () => {
    const body = Buffer.from(JSON.stringify({ iss: issuerId(APP_URL) })).toString('base64url');
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${body}.AAAA`;
    const hmac = `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${body}.AAAA`;
    expect(await checkCredentialSignature(none, publishedKey())).toEqual({ ok: false, reason: 'signature' });
    expect(await checkCredentialSignature(hmac, publishedKey())).toEqual({ ok: false, reason: 'signature' });
  });
});
