import type { BroadcastRecipients, BroadcastType } from '@ops/shared/schemas/admin-broadcasts';

export interface BroadcastPreset {
  title: string;
  description: string;
  recipients: BroadcastRecipients;
  type: BroadcastType;
  message: string;
}

/** Quick actions: each fills the form, to be read and sent (or changed) by the admin. */
export const BROADCAST_PRESETS: readonly BroadcastPreset[] = [
  {
    title: 'System maintenance',
    description: 'All users · System',
    recipients: 'all',
    type: 'system',
    message:
      'Scheduled maintenance: the platform will be unavailable on Sunday from 1:00 AM to 3:00 AM (EAT). Please make or pay for bookings before or after this window.',
  },
  {
    title: 'Shift reminder',
    description: 'All guards · Booking',
    recipients: 'guards',
    type: 'booking',
    message:
      'Shift reminder: report to your post 15 minutes before your shift starts, in full uniform and carrying your PSRA licence. Call the office if you cannot make it.',
  },
  {
    title: 'Payment reminder',
    description: 'All clients · Payment',
    recipients: 'clients',
    type: 'payment',
    message:
      'Payment reminder: an unpaid booking is held for 30 minutes only, 10 for a booking longer than a day. Complete your M-Pesa or card payment to confirm your guards.',
  },
];

export const RECIPIENT_LABELS: Record<BroadcastRecipients, string> = { all: 'All users', guards: 'All guards', clients: 'All clients' };
export const TYPE_LABELS: Record<BroadcastType, string> = {
  system: 'System',
  booking: 'Booking',
  approval: 'Approval',
  payment: 'Payment',
  security: 'Security',
};
