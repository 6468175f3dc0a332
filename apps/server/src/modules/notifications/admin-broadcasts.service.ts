import type { BroadcastRecipientCountDto, BroadcastRecipients, BroadcastResultDto, BroadcastType } from '@ops/shared/schemas/admin-broadcasts';
import type { Executor } from '../../db/client.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { countBroadcastRecipients, insertBroadcast } from './admin-broadcasts.repo.ts';
import type { ConsoleActionContext } from '../../lib/console-action.ts';

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

/**
 * How many people a broadcast would reach, for the console's question before it is sent. A count,
 * not a promise: people who join or are blocked meanwhile change it, and the send reports its own.
 */
export async function broadcastRecipientCount(db: Executor, recipients: BroadcastRecipients): Promise<BroadcastRecipientCountDto> {
  return { recipients, recipientCount: await countBroadcastRecipients(db, recipients) };
}
