/**
 * Each certificate as a signed credential an employer's software can check without asking us: an
 * Open Badges 3.0 OpenBadgeCredential (a W3C Verifiable Credential, data model 2.0), secured as a
 * VC-JWT: a compact JWS with alg EdDSA (Ed25519), typ "vc+jwt", and a kid naming the key in the
 * issuer profile (`{issuerId}#{kid}`). The JWT payload is the credential itself plus the registered
 * claims iss (issuer id), jti (credential id), nbf (validFrom) and exp (validUntil, when it expires);
 * there is no sub, as the student has no identifier of their own (the subject is named instead).
 *
 * The student downloads `{ref}.credential.json`:
 *   { "type": "OpenBadgeCredential+jwt", "jwt": "<compact JWS>", "issuer": "<issuer profile URL>" }
 * and the issuer profile at `{APP_URL}/api/credentials/issuer` publishes the public key as a
 * JsonWebKey verification method, so the signature checks offline once the profile is fetched.
 */
import { compactVerify, decodeProtectedHeader, importJWK, SignJWT, type CryptoKey, type JWK } from 'jose';
import { NAIROBI_UTC_OFFSET } from '@ops/shared/domain/nairobi-time';
import { normalizeCertificateRef } from './certificate-ref.ts';
import type { IssuerKey } from './issuer-key.ts';

export interface CredentialInput {
  certificateRef: string;
  studentName: string;
  courseId: string;
  courseName: string;
  courseDescription: string;
  /** YYYY-MM-DD (Nairobi). */
  issueDate: string;
  /** YYYY-MM-DD, the last valid day; null when it never expires. */
  expiresOn: string | null;
  /** The public verify page, `{APP_URL}/cert/verify/{ref}`. */
  verifyUrl: string;
  cobrand: { body: string; auditedAt: string } | null;
}

export type CredentialCheck =
  | {
      ok: true;
      credential: { certificateRef: string; studentName: string; courseName: string; issueDate: string; expiresOn: string | null; issuer: string };
    }
  | { ok: false; reason: 'malformed' | 'signature' };

const CONTEXTS = ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'];
/** Bigger than any credential we issue (a few KB) and than the upload limit (64 KB). */
const MAX_INPUT_CHARS = 256 * 1024;

export const issuerId = (appUrl: string) => `${appUrl}/api/credentials/issuer`;

/** Where a certificate's status is read (the public verification API): the credential's id. */
export const credentialId = (appUrl: string, certificateRef: string) => `${appUrl}/api/certificates/verify/${encodeURIComponent(certificateRef)}`;

/** The file the student downloads, `{ref}.credential.json`. */
export function credentialFile(jwt: string, appUrl: string): string {
  return `${JSON.stringify({ type: 'OpenBadgeCredential+jwt', jwt, issuer: issuerId(appUrl) }, null, 2)}\n`;
}

/** The academy's Open Badges 3.0 issuer Profile, with the public key that signs its credentials. */
export function issuerProfile(appUrl: string, academyName: string, key: Pick<IssuerKey, 'kid' | 'publicJwk'>): object {
  const id = issuerId(appUrl);
  return {
    '@context': CONTEXTS,
    id,
    type: ['Profile'],
    name: academyName,
    url: appUrl,
    verificationMethod: [{ id: `${id}#${key.kid}`, type: 'JsonWebKey', controller: id, publicKeyJwk: key.publicJwk }],
  };
}

/** Midnight at the start of a Nairobi day, and the last second of one, as XML date-time stamps. */
const startOfDay = (day: string) => `${day}T00:00:00${NAIROBI_UTC_OFFSET}`;
const endOfDay = (day: string) => `${day}T23:59:59${NAIROBI_UTC_OFFSET}`;
const epochSeconds = (stamp: string) => Math.floor(Date.parse(stamp) / 1000);

function criteria(input: CredentialInput): string {
  const parts = [
    `Completed the ${input.courseName} course: paid, attended at least the academy's required share of sessions and passed every graded assessment.`,
  ];
  if (input.cobrand) parts.push(`The cohort was audited by ${input.cobrand.body} on ${input.cobrand.auditedAt}.`);
  return parts.join(' ');
}

export async function signCredential(appUrl: string, academyName: string, key: IssuerKey, input: CredentialInput): Promise<string> {
  const issuer = issuerId(appUrl);
  const id = credentialId(appUrl, input.certificateRef);
  const validFrom = startOfDay(input.issueDate);
  const validUntil = input.expiresOn ? endOfDay(input.expiresOn) : null;
  const credential = {
    '@context': CONTEXTS,
    id,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: `${input.courseName}: Certificate of Completion`,
    issuer: { id: issuer, type: ['Profile'], name: academyName, url: appUrl },
    validFrom,
    ...(validUntil ? { validUntil } : {}),
    awardedDate: validFrom,
    credentialSubject: {
      type: ['AchievementSubject'],
      name: input.studentName,
      identifier: [{ type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: input.studentName }],
      achievement: {
        id: `${appUrl}/courses/${encodeURIComponent(input.courseId)}`,
        type: ['Achievement'],
        achievementType: 'Certificate',
        name: input.courseName,
        description: input.courseDescription || input.courseName,
        criteria: { narrative: criteria(input) },
        creator: { id: issuer, type: ['Profile'], name: academyName },
      },
    },
    credentialStatus: { id, type: 'CertificateVerification', certificateRef: input.certificateRef, verifyPage: input.verifyUrl },
    ...(input.cobrand
      ? { evidence: [{ type: ['Evidence'], name: `Cohort audited by ${input.cobrand.body}`, description: `Audited on ${input.cobrand.auditedAt}` }] }
      : {}),
  };
  const jwt = new SignJWT(credential)
    .setProtectedHeader({ alg: 'EdDSA', kid: `${issuer}#${key.kid}`, typ: 'vc+jwt' })
    .setIssuer(issuer)
    .setJti(id)
    .setNotBefore(epochSeconds(validFrom));
  if (validUntil) jwt.setExpirationTime(epochSeconds(validUntil));
  return jwt.sign(key.privateKey);
}

const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** The compact JWS in what was uploaded: the bare JWT, or JSON with a string `jwt` or `credential`. */
function tokenIn(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      return null;
    }
    if (!parsed || typeof parsed !== 'object') return null;
    const { jwt, credential } = parsed as Record<string, unknown>;
    const token = typeof jwt === 'string' ? jwt : typeof credential === 'string' ? credential : null;
    return token?.trim() ?? null;
  }
  return trimmed;
}

const publicKeys = new Map<string, Promise<CryptoKey | Uint8Array>>();
function publicKeyFor(jwk: JWK): Promise<CryptoKey | Uint8Array> {
  const cacheKey = JSON.stringify([jwk.kty, jwk.crv, jwk.x]);
  let key = publicKeys.get(cacheKey);
  if (!key) {
    key = importJWK({ kty: jwk.kty, crv: jwk.crv, x: jwk.x }, 'EdDSA');
    key.catch(() => publicKeys.delete(cacheKey));
    publicKeys.set(cacheKey, key);
  }
  return key;
}

const isDay = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v);

/**
 * Whether `text` holds a credential signed with `key`, and what it says. 'malformed' when it is
 * not a credential at all; 'signature' when it is a JWS that this key did not sign (changed, or
 * another issuer's). Never throws, whatever it is given. Expiry and revocation are the caller's.
 */
export async function checkCredentialSignature(text: string, key: { publicJwk: JWK; kid: string }): Promise<CredentialCheck> {
  if (typeof text !== 'string' || text.length > MAX_INPUT_CHARS) return { ok: false, reason: 'malformed' };
  const token = tokenIn(text);
  if (!token || !COMPACT_JWS.test(token)) return { ok: false, reason: 'malformed' };
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(token);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  // Not ours (another algorithm, another key named): its signature cannot be the academy's.
  if (header.alg !== 'EdDSA' && header.alg !== 'Ed25519') return { ok: false, reason: 'signature' };
  if (typeof header.kid === 'string' && !header.kid.endsWith(`#${key.kid}`)) return { ok: false, reason: 'signature' };
  let payload: Uint8Array;
  try {
    ({ payload } = await compactVerify(token, await publicKeyFor(key.publicJwk), { algorithms: ['EdDSA', 'Ed25519'] }));
  } catch (err) {
    const code = (err as { code?: unknown } | null)?.code;
    return { ok: false, reason: code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED' ? 'signature' : 'malformed' };
  }
  try {
    const vc = JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
    const issuer = vc.issuer as { id?: unknown } | string | undefined;
    const issuerIdValue = typeof issuer === 'string' ? issuer : issuer?.id;
    const subject = vc.credentialSubject as { name?: unknown; achievement?: { name?: unknown } } | undefined;
    const status = vc.credentialStatus as { certificateRef?: unknown } | undefined;
    const ref = typeof status?.certificateRef === 'string' ? normalizeCertificateRef(status.certificateRef) : null;
    const studentName = subject?.name;
    const courseName = subject?.achievement?.name;
    if (!ref || typeof issuerIdValue !== 'string' || typeof studentName !== 'string' || typeof courseName !== 'string' || !isDay(vc.validFrom)) {
      return { ok: false, reason: 'malformed' };
    }
    if (vc.validUntil !== undefined && !isDay(vc.validUntil)) return { ok: false, reason: 'malformed' };
    return {
      ok: true,
      credential: {
        certificateRef: ref,
        studentName,
        courseName,
        issueDate: vc.validFrom.slice(0, 10),
        expiresOn: isDay(vc.validUntil) ? vc.validUntil.slice(0, 10) : null,
        issuer: issuerIdValue,
      },
    };
  } catch {
    return { ok: false, reason: 'malformed' };
  }
}
