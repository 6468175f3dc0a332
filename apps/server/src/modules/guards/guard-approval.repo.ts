import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { guards } from '../../db/schema/guards.ts';

/** A guard's approval as it stands, locked until the transaction ends; undefined when there is no such guard. */
export async function lockGuardApproval(tx: Executor, guardProfileId: string) {
  const [row] = await tx
    .select({ status: guards.status, approved: guards.approved, rejectionReason: guards.rejectionReason })
    .from(guards)
    .where(eq(guards.profileId, guardProfileId))
    .for('update');
  return row;
}
