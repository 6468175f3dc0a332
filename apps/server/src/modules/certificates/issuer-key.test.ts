import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calculateJwkThumbprint, CompactSign, compactVerify, importJWK } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generateIssuerJwk, ISSUER_KEY_FILE, loadIssuerKey } from './issuer-key.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ops-issuer-key-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function signsForItsPublicKey(key: Awaited<ReturnType<typeof loadIssuerKey>>): Promise<boolean> {
  const jws = await new CompactSign(new TextEncoder().encode('hello')).setProtectedHeader({ alg: 'EdDSA' }).sign(key.privateKey);
  return compactVerify(jws, await importJWK(key.publicJwk, 'EdDSA')).then(
    () => true,
    () => false,
  );
}

describe('loadIssuerKey from the data directory', () => {
  it('generates the key once, readable only by the server, and keeps it across restarts', async () => {
    const first = await loadIssuerKey({ dataDir: dir });
    const file = join(dir, ISSUER_KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ kty: 'OKP', crv: 'Ed25519', x: first.publicJwk.x });
    const again = await loadIssuerKey({ dataDir: dir });
    expect(again.kid).toBe(first.kid);
    expect(again.publicJwk).toEqual(first.publicJwk);
    expect(await signsForItsPublicKey(again)).toBe(true);
  });

  it('names the key by its thumbprint and publishes no private part', async () => {
    const key = await loadIssuerKey({ dataDir: dir });
    expect(key.kid).toBe(await calculateJwkThumbprint({ kty: 'OKP', crv: 'Ed25519', x: key.publicJwk.x! }));
    expect(key.publicJwk).toEqual({ kty: 'OKP', crv: 'Ed25519', x: key.publicJwk.x, kid: key.kid, alg: 'EdDSA', use: 'sig' });
  });

  it('gives server copies starting at the same moment the same key, and leaves no temporary files', async () => {
    const keys = await Promise.all(Array.from({ length: 8 }, () => loadIssuerKey({ dataDir: dir })));
    expect(new Set(keys.map((k) => k.kid)).size).toBe(1);
    expect(await readdir(dir)).toEqual([ISSUER_KEY_FILE]);
  });

  it('refuses a damaged key file with its path', async () => {
    await loadIssuerKey({ dataDir: dir });
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(dir, ISSUER_KEY_FILE), '{"kty":"OKP"');
    await expect(loadIssuerKey({ dataDir: dir })).rejects.toThrow(join(dir, ISSUER_KEY_FILE));
  });
});

describe('loadIssuerKey from CREDENTIAL_SIGNING_KEY', () => {
  it('uses the given key and writes nothing', async () => {
    const jwk = await generateIssuerJwk();
    const key = await loadIssuerKey({ dataDir: dir, envKey: JSON.stringify(jwk) });
    expect(key.publicJwk.x).toBe(jwk.x);
    expect(await signsForItsPublicKey(key)).toBe(true);
    expect(await readdir(dir)).toEqual([]);
  });

  it('stops the start with a clear message when the key is not a private Ed25519 JWK', async () => {
    const jwk = await generateIssuerJwk();
    const other = await generateIssuerJwk();
    const cases = [
      'not json',
      '{}',
      JSON.stringify({ ...jwk, d: undefined }),
      JSON.stringify({ ...jwk, crv: 'X25519' }),
      JSON.stringify({ kty: 'EC', crv: 'P-256', x: jwk.x, d: jwk.d }),
    ];
    for (const envKey of cases) {
      await expect(loadIssuerKey({ dataDir: dir, envKey }), envKey).rejects.toThrow(/CREDENTIAL_SIGNING_KEY .*(JWK|JSON)/);
    }
    await expect(loadIssuerKey({ dataDir: dir, envKey: JSON.stringify({ ...jwk, x: other.x }) })).rejects.toThrow(
      'CREDENTIAL_SIGNING_KEY could not be read as an Ed25519 key pair (x must be the public key of d)',
    );
  });
});
