import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { settings } from '../../db/schema/settings.ts';

export type PlatformSettings = typeof settings.$inferSelect;

/** The one settings row (migration 0001 inserts it with the specification's defaults). */
export async function getSettings(db: Executor): Promise<PlatformSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.id, 1));
  if (!row) throw new Error('The settings row is missing; migrations have not been applied');
  return row;
}
