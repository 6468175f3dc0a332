import { z } from 'zod';
import type { NOTIFICATION_TYPES } from '../constants.ts';

/** Who a broadcast goes to; blocked accounts never receive one. */
export const BROADCAST_RECIPIENTS = ['all', 'guards', 'clients'] as const;
export type BroadcastRecipients = (typeof BROADCAST_RECIPIENTS)[number];

/** The notification types an admin may send (a subset of NOTIFICATION_TYPES). */
export const BROADCAST_TYPES = ['system', 'booking', 'approval', 'payment', 'security'] as const satisfies readonly (typeof NOTIFICATION_TYPES)[number][];
export type BroadcastType = (typeof BROADCAST_TYPES)[number];

export const BROADCAST_MESSAGE_MAX = 500;
export const FILL_ALL_FIELDS = 'Please fill in all fields';

const required = { error: FILL_ALL_FIELDS };

/** POST /api/admin/notifications/broadcast */
export const broadcastInput = z.object({
  recipients: z.enum(BROADCAST_RECIPIENTS, required),
  type: z.enum(BROADCAST_TYPES, required),
  message: z
    .string(required)
    .trim()
    .min(1, FILL_ALL_FIELDS)
    .max(BROADCAST_MESSAGE_MAX, `Keep the message to ${BROADCAST_MESSAGE_MAX} characters or fewer.`),
});
export type BroadcastInput = z.input<typeof broadcastInput>;

export interface BroadcastResultDto {
  /** How many people were sent the notification (one row each). */
  recipientCount: number;
}

export const broadcastSentMessage = (n: number) => `Notification sent to ${n} recipient(s)`;

/** GET /api/admin/notifications/recipients?recipients=…: who a broadcast would reach now, before it is sent. */
export const broadcastRecipientsQuery = z.object({ recipients: z.enum(BROADCAST_RECIPIENTS, required) });
export type BroadcastRecipientsQuery = z.input<typeof broadcastRecipientsQuery>;

export interface BroadcastRecipientCountDto {
  recipients: BroadcastRecipients;
  /** How many people the broadcast would reach now (the send counts again, and says how many it reached). */
  recipientCount: number;
}

/** The question asked before a broadcast is sent: 'Send this notification to 12 people?' */
export const broadcastConfirmQuestion = (n: number) => `Send this notification to ${n} ${n === 1 ? 'person' : 'people'}?`;
