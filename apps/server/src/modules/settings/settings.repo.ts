import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { storedFiles } from '../../db/schema/files.ts';
import { settings } from '../../db/schema/settings.ts';

export type PlatformSettings = typeof settings.$inferSelect;
export type SettingsChange = Partial<Omit<PlatformSettings, 'id' | 'updatedAt' | 'updatedBy'>>;

/** The one settings row (migration 0001 inserts it with the specification's defaults). */
export async function getSettings(db: Executor): Promise<PlatformSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.id, 1));
  if (!row) throw new Error('The settings row is missing; migrations have not been applied');
  return row;
}

/** The row, locked until the transaction ends: two admins saving at once apply one after the other. */
export async function lockSettings(tx: Executor): Promise<PlatformSettings> {
  const [row] = await tx.select().from(settings).where(eq(settings.id, 1)).for('update');
  if (!row) throw new Error('The settings row is missing; migrations have not been applied');
  return row;
}

export async function updateSettings(tx: Executor, change: SettingsChange, updatedBy: string, now: Date): Promise<PlatformSettings> {
  const [row] = await tx
    .update(settings)
    .set({ ...change, updatedBy, updatedAt: now })
    .where(eq(settings.id, 1))
    .returning();
  if (!row) throw new Error('The settings row is missing; migrations have not been applied');
  return row;
}

/** The logo's stored file, when there is one. */
export async function findLogoFile(db: Executor): Promise<typeof storedFiles.$inferSelect | null> {
  const [row] = await db
    .select({ file: storedFiles })
    .from(settings)
    .innerJoin(storedFiles, eq(storedFiles.id, settings.logoFileId))
    .where(eq(settings.id, 1));
  return row?.file ?? null;
}

/** What `select version()` says, and the short server version. */
export async function readDatabaseVersion(db: Executor): Promise<{ description: string; version: string }> {
  const result = await db.execute(sql`select version() as description, current_setting('server_version') as version`);
  const row = (result as { rows: { description: string; version: string }[] }).rows[0];
  return { description: String(row?.description ?? ''), version: String(row?.version ?? '') };
}
