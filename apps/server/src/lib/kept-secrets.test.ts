/**
 * Generated secrets kept in the database, as on a PostgreSQL server where several copies of the
 * server run: every copy gets the first one stored, a secret kept by an earlier single copy in its
 * data directory is carried over, and no value reaches a log line.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { loadAuthSecret } from '../modules/auth/auth-secret.ts';
import { generateIssuerJwk, ISSUER_KEY_FILE, loadIssuerKey } from '../modules/certificates/issuer-key.ts';
import { createTestDatabaseFactory, type TestDatabaseFactory } from '../test/test-database.ts';
import { databaseSecretKeeper, type KeptSecret } from './kept-secrets.ts';
import { createLogger } from './logger.ts';

const SECRET: KeptSecret = { name: 'auth-secret', file: 'auth-secret', variable: 'AUTH_SECRET' };

let factory: TestDatabaseFactory;
let database: DatabaseHandle;
let dirs: string[];
beforeAll(async () => {
  factory = await createTestDatabaseFactory();
});
afterAll(() => factory.dispose());
beforeEach(async () => {
  database = await factory.create();
  dirs = [];
});
afterEach(async () => {
  await database.close();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ops-kept-secrets-'));
  dirs.push(dir);
  return dir;
}

/** A logger that keeps every line it writes, as text. */
function keptLog() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const messages = (level: number) => lines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((l) => l.level === level);
  return { logger: createLogger('info', sink), text: () => lines.join('\n'), warnings: () => messages(40).map((l) => l.msg) };
}

describe('secrets kept in the database', () => {
  it('gives copies starting at the same moment the first secret stored, and writes nothing to their data directories', async () => {
    const { logger } = keptLog();
    let made = 0;
    const keepers = await Promise.all(Array.from({ length: 6 }, async () => databaseSecretKeeper(database.db, await dataDir(), logger)));
    const kept = await Promise.all(
      keepers.map((keeper) => keeper.keep(SECRET, () => Promise.resolve(`secret-number-${(made += 1)}-of-the-copies-starting`))),
    );
    expect(new Set(kept.map((k) => k.value)).size).toBe(1);
    expect(kept.filter((k) => k.generated)).toHaveLength(1);
    for (const dir of dirs) expect(await readdir(dir)).toEqual([]);
    // A later start reads it back.
    expect(await keepers[0]!.keep(SECRET, () => Promise.resolve('another-one'))).toEqual({ value: kept[0]!.value, generated: false });
  });

  it('carries over the secret an earlier single copy kept in its data directory, and warns on a copy whose own file differs', async () => {
    const { logger, warnings } = keptLog();
    const [first, second] = [await dataDir(), await dataDir()];
    await writeFile(join(first, 'auth-secret'), 'the-secret-of-the-first-copy-kept-on-its-disk\n');
    await writeFile(join(second, 'auth-secret'), 'the-secret-of-the-second-copy-kept-on-its-disk');
    const generate = () => Promise.reject(new Error('nothing to generate: the file is there'));
    expect(await databaseSecretKeeper(database.db, first, logger).keep(SECRET, generate)).toEqual({
      value: 'the-secret-of-the-first-copy-kept-on-its-disk',
      generated: false,
    });
    expect(warnings()).toEqual([]);
    expect((await databaseSecretKeeper(database.db, second, logger).keep(SECRET, generate)).value).toBe('the-secret-of-the-first-copy-kept-on-its-disk');
    expect(warnings()).toEqual([
      "this copy's auth-secret in the data directory differs from the AUTH_SECRET every copy shares from the database, and is no longer used",
    ]);
  });

  it('refuses to start when the database cannot keep the secret, naming the variable to set', async () => {
    await database.db.execute(sql`drop table server_secrets`);
    const keeper = databaseSecretKeeper(database.db, await dataDir(), createLogger('silent'));
    await expect(loadAuthSecret(undefined, keeper, createLogger('silent'))).rejects.toThrow(/Set AUTH_SECRET to the same value on every copy/);
    await expect(loadIssuerKey({ dataDir: dirs[0]!, keeper })).rejects.toThrow(/Set CREDENTIAL_SIGNING_KEY to the same value on every copy/);
  });

  it('shares the session secret and the signing key without writing either to a log line', async () => {
    const { logger, text, warnings } = keptLog();
    const [a, b] = [await dataDir(), await dataDir()];
    const secretA = await loadAuthSecret(undefined, databaseSecretKeeper(database.db, a, logger), logger);
    const secretB = await loadAuthSecret(undefined, databaseSecretKeeper(database.db, b, logger), logger);
    expect(secretB).toBe(secretA);
    const keyA = await loadIssuerKey({ dataDir: a, keeper: databaseSecretKeeper(database.db, a, logger), logger });
    const keyB = await loadIssuerKey({ dataDir: b, keeper: databaseSecretKeeper(database.db, b, logger), logger });
    expect(keyB.publicJwk).toEqual(keyA.publicJwk);
    expect(await readdir(a)).toEqual([]);
    expect(warnings()).toEqual(['AUTH_SECRET is not set; generated one and stored it in the database, where every copy of the server reads it']);
    const { rows } = (await database.db.execute(sql`select name, value from server_secrets order by name`)) as { rows: { name: string; value: string }[] };
    expect(rows.map((r) => r.name)).toEqual(['auth-secret', 'credential-signing-key']);
    const privatePart = (JSON.parse(rows[1]!.value) as { d: string }).d;
    expect(text()).not.toContain(secretA);
    expect(text()).not.toContain(privatePart);
  });

  it('lets a variable set on a copy win, and warns when it differs from the one the other copies share', async () => {
    const { logger, warnings } = keptLog();
    const dir = await dataDir();
    const keeper = databaseSecretKeeper(database.db, dir, logger);
    const ownSecret = 'a-secret-set-on-this-copy-only-by-the-operator';
    // Nothing stored yet: nothing to differ from, and nothing is stored for it.
    expect(await loadAuthSecret(ownSecret, keeper, logger)).toBe(ownSecret);
    expect(await keeper.read(SECRET)).toBeNull();
    await loadAuthSecret(undefined, keeper, logger);
    await loadIssuerKey({ dataDir: dir, keeper, logger });
    expect(await loadAuthSecret(ownSecret, keeper, logger)).toBe(ownSecret);
    const ownKey = await generateIssuerJwk();
    expect((await loadIssuerKey({ dataDir: dir, keeper, envKey: JSON.stringify(ownKey), logger })).publicJwk.x).toBe(ownKey.x);
    expect(warnings().slice(1)).toEqual([
      expect.stringMatching(/^AUTH_SECRET differs from the secret stored in the database .*set the same AUTH_SECRET on every copy$/),
      expect.stringMatching(/^CREDENTIAL_SIGNING_KEY differs from the key stored in the database .*set the same CREDENTIAL_SIGNING_KEY on every copy$/),
    ]);
    expect(await readdir(dir)).not.toContain(ISSUER_KEY_FILE);
  });
});
