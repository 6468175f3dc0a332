/**
 * A fresh, migrated database for every test, copied from a template migrated once per test run by
 * template-database.global-setup.ts (copy, don't truncate: tests never depend on each other's rows
 * or on their order). PGlite by default; with TEST_DATABASE_URL the same tests run on a PostgreSQL
 * server, each on its own database created from the migrated template database.
 * Without the global set-up (a file run by another configuration) the template is migrated here.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, pgliteExtensions, type DatabaseHandle } from '../db/client.ts';
import { databaseUrl } from './template-database.global-setup.ts';

export interface TestDatabaseFactory {
  kind: 'pglite' | 'postgres';
  /** maxConnections: the pool's size on PostgreSQL (10, as the server's; PGlite has one connection). */
  create(options?: { maxConnections?: number }): Promise<DatabaseHandle>;
  dispose(): Promise<void>;
}

const testDatabaseUrl = process.env.TEST_DATABASE_URL;

/**
 * The template's data directory as a tarball for each new PGlite to unpack. Node reads a Blob made
 * from bytes in small chunks, about 0.1 s of CPU for these 40 MB on every test; this one hands the
 * same bytes over at once, without a copy: PGlite only reads them, copying each file out of them
 * into the new database's own memory.
 */
class TemplateDataDir extends Blob {
  constructor(private readonly tarball: Uint8Array<ArrayBuffer>) {
    super([]);
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.tarball.buffer);
  }
}

async function migratedPgliteDataDir(): Promise<Uint8Array<ArrayBuffer>> {
  const file = inject('pgliteTemplateFile');
  // A plain Uint8Array (a Buffer's slice() would share its memory rather than copy it).
  if (file) return new Uint8Array(await readFile(file));
  const template = await PGlite.create({ extensions: pgliteExtensions });
  await openPglite(template).migrate();
  await template.exec('checkpoint');
  const tarball = await template.dumpDataDir('none');
  await template.close();
  return new Uint8Array(await tarball.arrayBuffer());
}

/**
 * PostgreSQL's default 128 MB of shared buffers is memory PGlite clears each time it opens, a third of
 * the cost of a fresh database; a test's few rows fit in far less.
 */
const pgliteStartParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

async function pgliteFactory(): Promise<TestDatabaseFactory> {
  const dataDir = new TemplateDataDir(await migratedPgliteDataDir());
  return {
    kind: 'pglite',
    create: async () => openPglite(await PGlite.create({ loadDataDir: dataDir, extensions: pgliteExtensions, startParams: pgliteStartParams })),
    dispose: () => Promise.resolve(),
  };
}

async function postgresFactory(baseUrl: string): Promise<TestDatabaseFactory> {
  const prefix = `ops_test_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  let templateName = inject('postgresTemplateName');
  const ownTemplate = !templateName;
  if (!templateName) {
    templateName = `${prefix}_template`;
    await admin.query(`create database "${templateName}"`);
    const template = openPostgres(databaseUrl(baseUrl, templateName), 1);
    await template.migrate();
    await template.close();
  }

  const created: string[] = [];
  return {
    kind: 'postgres',
    async create({ maxConnections = 10 } = {}) {
      const name = `${prefix}_${created.length}`;
      created.push(name);
      await admin.query(`create database "${name}" template "${templateName}"`);
      const handle = openPostgres(databaseUrl(baseUrl, name), maxConnections);
      return {
        ...handle,
        async close() {
          await handle.close();
          await admin.query(`drop database if exists "${name}" with (force)`);
        },
      };
    },
    async dispose() {
      for (const name of created) await admin.query(`drop database if exists "${name}" with (force)`);
      if (ownTemplate) await admin.query(`drop database if exists "${templateName}" with (force)`);
      await admin.end();
    },
  };
}

export const createTestDatabaseFactory = (): Promise<TestDatabaseFactory> => (testDatabaseUrl ? postgresFactory(testDatabaseUrl) : pgliteFactory());
