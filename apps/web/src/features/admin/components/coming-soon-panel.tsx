import { Clock } from 'lucide-react';
import { EmptyState } from '@/components/empty-state.tsx';
import type { ConsoleView } from '../hooks/use-console-view.ts';

export type ComingSoonView = Extract<ConsoleView, 'clients' | 'bookings' | 'payments' | 'training' | 'notifications' | 'settings'>;

/** What each view still to come will do, in one sentence. */
export const COMING_SOON_TEXT: Record<ComingSoonView, string> = {
  clients: 'Search every client account, see their bookings, and block or unblock an account.',
  bookings: 'Search every booking, move it on from pending to confirmed or completed, and give bookings without a guard one.',
  payments: 'See every payment with the method the provider reported, a summary of takings, and refund a booking.',
  training: "Run the academy's cohorts, enrolments, attendance and certificates.",
  notifications: 'Send a message to all users, all guards or all clients, with quick presets for common notices.',
  settings: 'Set the branding, the booking rules and who is an admin or a partner, saved and applied at once.',
};

export const COMING_SOON_TITLE = 'Coming with the next release';

export function ComingSoonPanel({ view }: { view: ComingSoonView }) {
  return (
    <EmptyState icon={Clock} title={COMING_SOON_TITLE} headingLevel="h3" className="bg-background">
      {COMING_SOON_TEXT[view]}
    </EmptyState>
  );
}
