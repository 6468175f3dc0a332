/**
 * Where the secrets the server generates for itself are kept when the operator sets none (the
 * session secret, the credential signing key). On PGlite, one process owns the data directory and
 * the database inside it, so they are files beside it. On a PostgreSQL server several copies of the
 * server may share the database, and every copy must sign and check with the same secrets, so they
 * are rows in the database (decision 027). Values never reach a log line or an error message.
 */
import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '../db/client.ts';
import { readServerSecret, storeServerSecretOnce } from '../db/server-secrets.repo.ts';
import type { Logger } from './logger.ts';

export interface KeptSecret {
  /** Its name in the database's server_secrets table. */
  name: string;
  /** Its file in the data directory. */
  file: string;
  /** The environment variable that sets it instead, named in messages. */
  variable: string;
}

export interface SecretKeeper {
  /** True when other copies of the server read the same secrets (the database). */
  shared: boolean;
  /** Where `secret` is kept, for log lines and errors. */
  place(secret: KeptSecret): string;
  /** The secret as kept, or null when none is kept yet. */
  read(secret: KeptSecret): Promise<string | null>;
  /**
   * The secret as kept, keeping one first when there is none. Callers starting at the same moment
   * all get the first one kept. `generated` says this call made it.
   */
  keep(secret: KeptSecret, generate: () => Promise<string>): Promise<{ value: string; generated: boolean }>;
}

async function readFileOrNull(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** Files in the data directory, readable only by the server. */
export function dataDirSecretKeeper(dataDir: string): SecretKeeper {
  const place = (secret: KeptSecret) => join(dataDir, secret.file);
  const read = async (secret: KeptSecret) => (await readFileOrNull(place(secret)))?.trim() ?? null;
  return {
    shared: false,
    place,
    read,
    async keep(secret, generate) {
      const file = place(secret);
      const existing = await read(secret);
      if (existing !== null) return { value: existing, generated: false };
      await mkdir(dataDir, { recursive: true });
      // Written whole under another name, then put in place: a second server starting at the same
      // moment sees no file or a complete one. The hard link only succeeds when nothing is there
      // yet, so the first one written wins and the others read it back.
      const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
      const value = (await generate()).trim();
      await writeFile(temporary, `${value}\n`, { mode: 0o600, flag: 'wx' });
      let won: boolean;
      try {
        won = await link(temporary, file).then(
          () => true,
          async (err: NodeJS.ErrnoException) => {
            if (err.code === 'EEXIST') return false;
            // A file system without hard links: rename, still whole, if nobody was first.
            if ((await readFileOrNull(file)) !== null) return false;
            await rename(temporary, file);
            return true;
          },
        );
      } finally {
        await unlink(temporary).catch(() => {});
      }
      const kept = await read(secret);
      if (kept === null) throw new Error(`could not keep ${secret.variable} in ${file}`);
      return { value: kept, generated: won && kept === value };
    },
  };
}

/**
 * Rows of the database, shared by every copy of the server. A copy that ran on its own before
 * (secrets in its data directory) offers its file's secret when the database has none yet, so
 * sessions and issued credentials outlive the move; a file that differs from the shared secret is
 * left alone and no longer used, and start-up says so.
 */
export function databaseSecretKeeper(db: Database, dataDir: string, logger: Logger): SecretKeeper {
  const place = (secret: KeptSecret) => `the database (table server_secrets, name '${secret.name}')`;
  const local = dataDirSecretKeeper(dataDir);
  /** A database that cannot keep the secret stops the start, naming the variable that replaces it. */
  const refuse = (secret: KeptSecret, err: unknown) =>
    new Error(
      `${secret.variable} is not set, and the one generated for every copy of the server could not be kept in ${place(secret)}: ${
        err instanceof Error ? err.message : String(err)
      }. Set ${secret.variable} to the same value on every copy of the server`,
    );

  async function warnIfLocalDiffers(secret: KeptSecret, shared: string) {
    const file = await local.read(secret).catch(() => null);
    if (file !== null && file !== shared) {
      logger.warn(
        { file: local.place(secret) },
        `this copy's ${secret.file} in the data directory differs from the ${secret.variable} every copy shares from the database, and is no longer used`,
      );
    }
  }

  return {
    shared: true,
    place,
    async read(secret) {
      return readServerSecret(db, secret.name);
    },
    async keep(secret, generate) {
      let stored: string | null;
      try {
        stored = await readServerSecret(db, secret.name);
      } catch (err) {
        throw refuse(secret, err);
      }
      if (stored !== null) {
        await warnIfLocalDiffers(secret, stored);
        return { value: stored, generated: false };
      }
      const fromFile = await local.read(secret);
      const offered = fromFile ?? (await generate()).trim();
      let kept: string;
      try {
        kept = await storeServerSecretOnce(db, secret.name, offered);
      } catch (err) {
        throw refuse(secret, err);
      }
      if (kept !== offered) await warnIfLocalDiffers(secret, kept);
      else if (fromFile !== null) {
        logger.info(
          { file: local.place(secret) },
          `${secret.variable} is not set: this copy's ${secret.file} is now kept in the database, where every copy of the server reads it`,
        );
      }
      return { value: kept, generated: kept === offered && fromFile === null };
    },
  };
}
