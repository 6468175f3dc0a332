import { Clock } from 'lucide-react';
import { EmptyState } from '@/components/empty-state.tsx';
import type { ConsoleView } from '../hooks/use-console-view.ts';

export type ComingSoonView = Extract<ConsoleView, 'training'>;

/** What each view still to come will do, in one sentence. */
export const COMING_SOON_TEXT: Record<ComingSoonView, string> = {
  training: "Run the academy's cohorts, enrolments, attendance and certificates.",
};

export const COMING_SOON_TITLE = 'Coming with the next release';

export function ComingSoonPanel({ view }: { view: ComingSoonView }) {
  return (
    <EmptyState icon={Clock} title={COMING_SOON_TITLE} headingLevel="h3" className="bg-background">
      {COMING_SOON_TEXT[view]}
    </EmptyState>
  );
}
