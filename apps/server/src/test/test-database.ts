/**
 * A fresh, migrated database for every test, copied from a template migrated once per test file
 * (copy, don't truncate: tests never depend on each other's rows or on their order).
 * PGlite by default; with TEST_DATABASE_URL the same tests run on a PostgreSQL server, each on its
 * own database created from a migrated template database.
 */
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPglite, openPostgres, pgliteExtensions, type DatabaseHandle } from '../db/client.ts';

export interface TestDatabaseFactory {
  kind: 'pglite' | 'postgres';
  /** maxConnections: the pool's size on PostgreSQL (10, as the server's; PGlite has one connection). */
  create(options?: { maxConnections?: number }): Promise<DatabaseHandle>;
  dispose(): Promise<void>;
}

const testDatabaseUrl = process.env.TEST_DATABASE_URL;

async function pgliteFactory(): Promise<TestDatabaseFactory> {
  const template = await PGlite.create({ extensions: pgliteExtensions });
  await openPglite(template).migrate();
  return {
    kind: 'pglite',
    create: async () => openPglite((await template.clone()) as PGlite),
    dispose: () => template.close(),
  };
}

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function postgresFactory(baseUrl: string): Promise<TestDatabaseFactory> {
  const prefix = `ops_test_${process.pid}_${randomBytes(3).toString('hex')}`;
  const templateName = `${prefix}_template`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database "${templateName}"`);
  const template = openPostgres(databaseUrl(baseUrl, templateName), 1);
  await template.migrate();
  await template.close();

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
      await admin.query(`drop database if exists "${templateName}" with (force)`);
      await admin.end();
    },
  };
}

export const createTestDatabaseFactory = (): Promise<TestDatabaseFactory> => (testDatabaseUrl ? postgresFactory(testDatabaseUrl) : pgliteFactory());
