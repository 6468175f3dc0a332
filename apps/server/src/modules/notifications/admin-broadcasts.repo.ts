import { sql } from 'drizzle-orm';
import type { BroadcastRecipients, BroadcastType } from '@ops/shared/schemas/admin-broadcasts';
import type { Executor } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { profiles } from '../../db/schema/profiles.ts';

const ROLE_OF: Record<BroadcastRecipients, 'guard' | 'client' | null> = { all: null, guards: 'guard', clients: 'client' };

/** Who a broadcast to the group reaches: everyone in it but the blocked (the send and its count share it). */
function recipientsWhere(recipients: BroadcastRecipients) {
  const role = ROLE_OF[recipients];
  return sql`p.blocked_at is null ${role ? sql`and p.role = ${role}` : sql``}`;
}

/**
 * One notification row per recipient, written by one INSERT … SELECT (however many people there
 * are, one round trip); blocked accounts are left out. Returns how many rows were written.
 */
export async function insertBroadcast(db: Executor, recipients: BroadcastRecipients, type: BroadcastType, message: string): Promise<number> {
  const result = await db.execute(sql`
    with sent as (
      insert into ${notifications} (profile_id, type, message)
      select p.id, ${type}, ${message}
      from ${profiles} p
      where ${recipientsWhere(recipients)}
      returning 1
    )
    select count(*)::int as sent from sent`);
  return Number((result as { rows: { sent: number }[] }).rows[0]?.sent ?? 0);
}

/** How many people a broadcast to the group would reach now. */
export async function countBroadcastRecipients(db: Executor, recipients: BroadcastRecipients): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from ${profiles} p where ${recipientsWhere(recipients)}`);
  return Number((result as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}
