/** SQL of the server_secrets table: one row per secret, written once, never updated. */
import { eq } from 'drizzle-orm';
import type { Database } from './client.ts';
import { serverSecrets } from './schema/server-secrets.ts';

export async function readServerSecret(db: Database, name: string): Promise<string | null> {
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  return row?.value ?? null;
}

/**
 * Stores `value` under `name` unless a value is there already, and answers the one that is there
 * now: copies of the server starting at the same moment each offer their own, and all read back
 * the first one stored.
 */
export async function storeServerSecretOnce(db: Database, name: string, value: string): Promise<string> {
  await db.insert(serverSecrets).values({ name, value }).onConflictDoNothing({ target: serverSecrets.name });
  const kept = await readServerSecret(db, name);
  if (kept === null) throw new Error(`the secret "${name}" was stored but cannot be read back`);
  return kept;
}
