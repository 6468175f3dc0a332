import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { notify } from '../notifications/notifications.service.ts';
import { updateGuardApproval } from './guard-profile.repo.ts';

export const APPROVED_MESSAGE = 'Your guard profile has been approved. Clients can now find and book you.';

function rejectedMessage(reason: string | null): string {
  const base = 'Your guard profile was not approved.';
  return reason ? `${base} Reason: ${reason}` : `${base} Please contact us to find out what is missing.`;
}

/**
 * The office's decision on a guard (the admin console calls this). approved and status move
 * together (the table checks approved = (status = 'approved')), and the guard hears about it in the
 * same transaction, so neither happens without the other.
 */
export async function setGuardApproval(
  db: Database,
  guardProfileId: string,
  approved: boolean,
  reason?: string,
  now: Date = new Date(),
): Promise<void> {
  const rejectionReason = approved ? null : reason?.trim() || null;
  await db.transaction(async (tx) => {
    const found = await updateGuardApproval(
      tx,
      guardProfileId,
      approved
        ? { approved: true, status: 'approved', approvedAt: now, rejectionReason: null }
        : { approved: false, status: 'rejected', approvedAt: null, rejectionReason },
      now,
    );
    if (!found) throw AppError.notFound('Guard not found');
    await notify(
      tx,
      [guardProfileId],
      approved ? 'approval' : 'rejection',
      approved ? APPROVED_MESSAGE : rejectedMessage(rejectionReason),
      '/profile',
    );
  });
}
