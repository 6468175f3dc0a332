/**
 * Migrates the test databases' template once per test run, before any test file starts, instead of
 * once in every file: 39 migrations on a fresh PGlite (or a fresh database on the server) cost a few
 * seconds of CPU each time, and the server has over a hundred test files.
 * PGlite: the migrated data directory is written to a temporary file that each file loads.
 * PostgreSQL (TEST_DATABASE_URL): a migrated template database that each file's databases copy.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, pgliteExtensions } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a migrated PGlite data directory (PGlite runs). */
    pgliteTemplateFile?: string;
    /** The migrated template database on the PostgreSQL server (TEST_DATABASE_URL runs). */
    postgresTemplateName?: string;
  }
}

/** The same server's address with another database's name. */
export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const testDatabaseUrl = process.env.TEST_DATABASE_URL;
  if (testDatabaseUrl) {
    const name = `ops_test_template_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const template = openPostgres(databaseUrl(testDatabaseUrl, name), 1);
    await template.migrate();
    await template.close();
    project.provide('postgresTemplateName', name);
    return async () => {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    };
  }

  const pglite = await PGlite.create({ extensions: pgliteExtensions });
  await openPglite(pglite).migrate();
  // Written to the data files now, so that each copy opens without replaying the log.
  await pglite.exec('checkpoint');
  const tarball = await pglite.dumpDataDir('none');
  await pglite.close();
  const dir = await mkdtemp(join(tmpdir(), 'ops-test-template-'));
  const file = join(dir, 'pgdata.tar');
  await writeFile(file, new Uint8Array(await tarball.arrayBuffer()));
  project.provide('pgliteTemplateFile', file);
  return () => rm(dir, { recursive: true, force: true });
}
