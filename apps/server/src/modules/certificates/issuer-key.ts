/**
 * The academy's Ed25519 signing key for credentials. CREDENTIAL_SIGNING_KEY (a private JWK) when
 * set; otherwise generated once into the data directory and kept there, like the session secret,
 * so credentials issued before a restart still check against the published key.
 */
import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';

export interface IssuerKey {
  /** The key's id: its RFC 7638 thumbprint. */
  kid: string;
  privateKey: CryptoKey;
  /** The public half, as published in the issuer profile. */
  publicJwk: JWK;
}

export const ISSUER_KEY_FILE = 'credential-signing-key.json';

/** A private Ed25519 JWK's fields, or an error saying what is wrong with it. */
function privateJwkFrom(text: string, source: string): JWK & { kty: 'OKP'; crv: 'Ed25519'; x: string; d: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${source} is not JSON: it must be a private Ed25519 JWK ({"kty":"OKP","crv":"Ed25519","x":"…","d":"…"})`);
  }
  const jwk = value as Record<string, unknown> | null;
  const b64url = (v: unknown) => typeof v === 'string' && /^[A-Za-z0-9_-]{43}$/.test(v);
  if (!jwk || typeof jwk !== 'object' || jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || !b64url(jwk.x) || !b64url(jwk.d)) {
    throw new Error(`${source} must be a private Ed25519 JWK: kty "OKP", crv "Ed25519", and the key's x and d (43 base64url characters each)`);
  }
  return { kty: 'OKP', crv: 'Ed25519', x: jwk.x as string, d: jwk.d as string };
}

async function issuerKeyFrom(jwk: JWK & { x: string; d: string }, source: string): Promise<IssuerKey> {
  let privateKey: CryptoKey;
  try {
    privateKey = (await importJWK(jwk, 'EdDSA')) as CryptoKey;
  } catch (err) {
    // Also when x is not the public half of d: every credential would then fail to check.
    throw new Error(
      `${source} could not be read as an Ed25519 key pair (x must be the public key of d): ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  const publicJwk: JWK = { kty: 'OKP', crv: 'Ed25519', x: jwk.x };
  const kid = await calculateJwkThumbprint(publicJwk, 'sha256');
  return { kid, privateKey, publicJwk: { ...publicJwk, kid, alg: 'EdDSA', use: 'sig' } };
}

/** A new key pair as a private JWK, for the data directory or for CREDENTIAL_SIGNING_KEY. */
export async function generateIssuerJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const jwk = await exportJWK(privateKey);
  return { kty: jwk.kty, crv: jwk.crv, x: jwk.x, d: jwk.d };
}

async function readKeyFile(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

export async function loadIssuerKey(options: { dataDir: string; envKey?: string }): Promise<IssuerKey> {
  if (options.envKey) {
    const jwk = privateJwkFrom(options.envKey, 'CREDENTIAL_SIGNING_KEY');
    return issuerKeyFrom(jwk, 'CREDENTIAL_SIGNING_KEY');
  }
  const file = join(options.dataDir, ISSUER_KEY_FILE);
  let text = await readKeyFile(file);
  if (text === null) {
    await mkdir(options.dataDir, { recursive: true });
    // Written whole under another name, then put in place: a second server starting at the same
    // moment sees no file or a complete one. The hard link only succeeds when no key is there yet,
    // so the first copy's key wins and the others read it back and sign with the same key.
    const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, `${JSON.stringify(await generateIssuerJwk())}\n`, { mode: 0o600, flag: 'wx' });
    try {
      await link(temporary, file).catch(async (err: NodeJS.ErrnoException) => {
        if (err.code === 'EEXIST') return;
        // A file system without hard links: rename, still whole, if nobody was first.
        if ((await readKeyFile(file)) === null) await rename(temporary, file);
      });
    } finally {
      await unlink(temporary).catch(() => {});
    }
    text = await readKeyFile(file);
    if (text === null) throw new Error(`could not keep the credential signing key in ${file}`);
  }
  const source = `the credential signing key in ${file}`;
  return issuerKeyFrom(privateJwkFrom(text, source), source);
}
