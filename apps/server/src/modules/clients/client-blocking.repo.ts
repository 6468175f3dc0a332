/** The SQL of blocking a client (client-blocking.service.ts holds the rule). */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sessions } from '../../db/schema/auth.ts';
import { profiles } from '../../db/schema/profiles.ts';

/** The account an admin is about to block or unblock, locked until the transaction ends. */
export async function lockAccount(db: Executor, profileId: string) {
  const [row] = await db
    .select({ id: profiles.id, userId: profiles.userId, role: profiles.role, blockedAt: profiles.blockedAt, blockedReason: profiles.blockedReason })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .for('update');
  return row;
}

export async function setBlocked(db: Executor, profileId: string, block: { at: Date; reason: string; byProfileId: string } | null, now: Date) {
  await db
    .update(profiles)
    .set({ blockedAt: block?.at ?? null, blockedReason: block?.reason ?? null, blockedByProfileId: block?.byProfileId ?? null, updatedAt: now })
    .where(eq(profiles.id, profileId));
}

/** Ends every session of the account at once; returns how many there were. */
export async function endSessions(db: Executor, userId: string): Promise<number> {
  const ended = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return ended.length;
}

/** When the account of this user was blocked; null when it is not (or the user has no profile). */
export async function findBlockedAtOfUser(db: Executor, userId: string): Promise<Date | null> {
  const [row] = await db.select({ blockedAt: profiles.blockedAt }).from(profiles).where(eq(profiles.userId, userId));
  return row?.blockedAt ?? null;
}
