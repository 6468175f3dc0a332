import { Link } from 'wouter';
import { ArrowRight, ShieldOff } from 'lucide-react';
import { EmptyState } from '@/components/empty-state.tsx';
import { Button } from '@/components/ui/button.tsx';
import { LoadingMessage } from '@/components/ui/spinner.tsx';
import { useGuards } from '../api/get-guards.ts';
import { GuardCard } from './guard-card.tsx';

const SUGGESTED_GUARDS = 6;

/** The client dashboard's suggestions: the first guards of the list, as the server orders it. */
export function AvailableGuards({ canBook }: { canBook: boolean }) {
  const guards = useGuards({ pageSize: SUGGESTED_GUARDS });
  const items = guards.data?.items.slice(0, SUGGESTED_GUARDS) ?? [];

  return (
    <section aria-labelledby="available-guards-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="available-guards-heading" className="text-2xl font-semibold">
          Available Security Guards
        </h2>
        <Button asChild variant="outline">
          <Link to="/guards">
            View All Guards
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
      {guards.isPending ? (
        <LoadingMessage text="Loading security guards..." className="py-8" />
      ) : guards.isError ? (
        <p className="text-sm text-muted-foreground">Security guards could not be loaded right now.</p>
      ) : items.length === 0 ? (
        <EmptyState icon={ShieldOff} title="No Guards Available" headingLevel="h3">
          There are no security guards to show right now. Please check back soon.
        </EmptyState>
      ) : (
        <ul aria-label="Available security guards" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((guard) => (
            <li key={guard.id} className="grid">
              <GuardCard guard={guard} canBook={canBook} headingLevel="h3" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
