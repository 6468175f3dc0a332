/**
 * What a server started by server-process.ts leaves for a test to read: its database (PGlite's files
 * in its data directory, or a PostgreSQL database) and the e-mails its outbox mailer writes to that
 * directory when no SMTP server is configured.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pgliteExtensions } from '../db/client.ts';

export interface ServerData {
  dataDir: string;
  /** The server's PostgreSQL database; unset, it runs on PGlite in `dataDir`. */
  databaseUrl?: string;
}

/** One query on the server's database. On PGlite the server must be stopped: one process owns the files. */
export async function queryServerData(data: ServerData, sqlText: string): Promise<Record<string, unknown>[]> {
  if (data.databaseUrl) {
    const client = new pg.Client({ connectionString: data.databaseUrl });
    await client.connect();
    try {
      return (await client.query(sqlText)).rows as Record<string, unknown>[];
    } finally {
      await client.end();
    }
  }
  const db = await PGlite.create(join(data.dataDir, 'pgdata'), { extensions: pgliteExtensions });
  try {
    return (await db.query<Record<string, unknown>>(sqlText)).rows;
  } finally {
    await db.close();
  }
}

/**
 * How many e-mails of the outbox have headers `headers` (a multiline pattern) matches, by what its
 * groups caught (joined by spaces): a booking's reference, say, or a recipient and a reference.
 */
export async function countOutboxMail(dataDir: string, headers: RegExp): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const file of (await readdir(join(dataDir, 'outbox')).catch(() => [])).filter((f) => f.endsWith('.eml'))) {
    const key = headers
      .exec(await readFile(join(dataDir, 'outbox', file), 'utf8'))
      ?.slice(1)
      .join(' ');
    if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}
