/**
 * The academy's Ed25519 signing key for credentials. CREDENTIAL_SIGNING_KEY (a private JWK) when
 * set; otherwise generated once and kept, like the session secret, so credentials issued before a
 * restart still check against the published key: in the data directory on PGlite, in the database
 * on a PostgreSQL server, so that every copy of the server signs with and publishes the same key.
 */
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import { dataDirSecretKeeper, type KeptSecret, type SecretKeeper } from '../../lib/kept-secrets.ts';
import type { Logger } from '../../lib/logger.ts';

export interface IssuerKey {
  /** The key's id: its RFC 7638 thumbprint. */
  kid: string;
  privateKey: CryptoKey;
  /** The public half, as published in the issuer profile. */
  publicJwk: JWK;
}

export const ISSUER_KEY_FILE = 'credential-signing-key.json';
const ISSUER_KEY_SECRET: KeptSecret = { name: 'credential-signing-key', file: ISSUER_KEY_FILE, variable: 'CREDENTIAL_SIGNING_KEY' };

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

export interface LoadIssuerKeyOptions {
  /** The data directory: where the key is kept when no keeper is given. */
  dataDir: string;
  /** Where a generated key is kept; on a PostgreSQL server, the database, shared by every copy. */
  keeper?: SecretKeeper;
  envKey?: string;
  logger?: Logger;
}

export async function loadIssuerKey(options: LoadIssuerKeyOptions): Promise<IssuerKey> {
  const keeper = options.keeper ?? dataDirSecretKeeper(options.dataDir);
  if (options.envKey) {
    const jwk = privateJwkFrom(options.envKey, 'CREDENTIAL_SIGNING_KEY');
    const key = await issuerKeyFrom(jwk, 'CREDENTIAL_SIGNING_KEY');
    if (keeper.shared) await warnIfSharedKeyDiffers(keeper, key, options.logger);
    return key;
  }
  const { value, generated } = await keeper.keep(ISSUER_KEY_SECRET, async () => JSON.stringify(await generateIssuerJwk()));
  if (generated && keeper.shared) {
    options.logger?.info('CREDENTIAL_SIGNING_KEY is not set; generated one and stored it in the database, where every copy of the server reads it');
  }
  const source = `the credential signing key in ${keeper.place(ISSUER_KEY_SECRET)}`;
  return issuerKeyFrom(privateJwkFrom(value, source), source);
}

/**
 * CREDENTIAL_SIGNING_KEY set on this copy while copies started without it sign with the key stored
 * in the database: each publishes its own key, and credentials signed by one fail on the other.
 */
async function warnIfSharedKeyDiffers(keeper: SecretKeeper, key: IssuerKey, logger: Logger | undefined) {
  const stored = await keeper.read(ISSUER_KEY_SECRET).catch(() => null);
  if (stored === null) return;
  let storedX: unknown;
  try {
    storedX = (JSON.parse(stored) as { x?: unknown }).x;
  } catch {
    // Damaged: the copies that use it refuse to start and say so themselves; this one differs.
  }
  if (storedX === key.publicJwk.x) return;
  logger?.warn(
    `CREDENTIAL_SIGNING_KEY differs from the key stored in ${keeper.place(ISSUER_KEY_SECRET)}, which copies of the server started without it sign with: set the same CREDENTIAL_SIGNING_KEY on every copy`,
  );
}
