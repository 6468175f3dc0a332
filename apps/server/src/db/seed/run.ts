/** `npm run seed -w @ops/server`: migrates the configured database and loads the demo data if it is empty. */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { readEnv } from '../../env.ts';
import { openDatabase } from '../client.ts';
import { seedDemoData } from './demo.ts';

const env = readEnv();
const dataDir = resolve(env.DATA_DIR);
mkdirSync(dataDir, { recursive: true });

const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
try {
  await database.migrate();
  const seeded = await seedDemoData(database.db);
  const where = database.kind === 'pglite' ? `PGlite in ${dataDir}` : 'PostgreSQL (DATABASE_URL)';
  console.log(
    seeded ? `Demo data loaded into ${where} (the accounts are listed in the README).` : `The database (${where}) is not empty; demo data not loaded.`,
  );
} finally {
  await database.close();
}
