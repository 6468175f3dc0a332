/**
 * A blocked account (profiles.blocked_at set by an admin) gets no new session and its live ones
 * are refused where every request's session is looked up (session-lookup.ts, require-auth.ts).
 */
import { eq } from 'drizzle-orm';
import { ACCOUNT_BLOCKED_CODE, ACCOUNT_BLOCKED_MESSAGE } from '@ops/shared/schemas/admin-clients';
import type { Executor } from '../../db/client.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { AppError } from '../../lib/errors.ts';

/** What a blocked account's request is answered: 403, whatever it asked. */
export const accountBlocked = () => new AppError(403, ACCOUNT_BLOCKED_CODE, ACCOUNT_BLOCKED_MESSAGE);

/** Whether the account of this user is blocked. */
export async function isUserBlocked(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ blockedAt: profiles.blockedAt }).from(profiles).where(eq(profiles.userId, userId));
  return Boolean(row?.blockedAt);
}
