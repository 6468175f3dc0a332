import type { BroadcastRecipients, BroadcastResultDto, BroadcastType } from '@ops/shared/schemas/admin-broadcasts';
import { recordAudit } from '../audit/audit.service.ts';
import { insertBroadcast } from './admin-broadcasts.repo.ts';
import type { ConsoleActionContext } from './admin-guards.service.ts';

export interface Broadcast {
  recipients: BroadcastRecipients;
  type: BroadcastType;
  message: string;
}

/** Sends a notification to a group: the rows and the audit row commit together, or neither does. */
export async function sendBroadcast({ db, actor }: ConsoleActionContext, broadcast: Broadcast): Promise<BroadcastResultDto> {
  return db.transaction(async (tx) => {
    const recipientCount = await insertBroadcast(tx, broadcast.recipients, broadcast.type, broadcast.message);
    await recordAudit(tx, {
      actor,
      action: 'notification.broadcast',
      recordType: 'notification',
      after: { ...broadcast, recipientCount },
    });
    return { recipientCount };
  });
}
