import { sql } from 'drizzle-orm';
import type { BroadcastRecipients, BroadcastType } from '@ops/shared/schemas/admin-broadcasts';
import type { Executor } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { profiles } from '../../db/schema/profiles.ts';

const ROLE_OF: Record<BroadcastRecipients, 'guard' | 'client' | null> = { all: null, guards: 'guard', clients: 'client' };

/**
 * One notification row per recipient, written by one INSERT … SELECT (however many people there
 * are, one round trip); blocked accounts are left out. Returns how many rows were written.
 */
export async function insertBroadcast(db: Executor, recipients: BroadcastRecipients, type: BroadcastType, message: string): Promise<number> {
  const role = ROLE_OF[recipients];
  const result = await db.execute(sql`
    with sent as (
      insert into ${notifications} (profile_id, type, message)
      select p.id, ${type}, ${message}
      from ${profiles} p
      where p.blocked_at is null ${role ? sql`and p.role = ${role}` : sql``}
      returning 1
    )
    select count(*)::int as sent from sent`);
  return Number((result as { rows: { sent: number }[] }).rows[0]?.sent ?? 0);
}
