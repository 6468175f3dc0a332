import { useDeferredValue, useRef } from 'react';
import { useSearchParams } from 'wouter';
import { RefreshCw, ShieldOff } from 'lucide-react';
import { EmptyState } from '@/components/empty-state.tsx';
import { Button } from '@/components/ui/button.tsx';
import { LoadingMessage } from '@/components/ui/spinner.tsx';
import { useErrorToast } from '@/lib/use-error-toast.ts';
import { cn } from '@/lib/utils.ts';
import { useGuards } from '../api/get-guards.ts';
import {
  GUARD_LIST_PAGE_SIZE,
  hasActiveFilters,
  readGuardFilters,
  toGuardListRequest,
  writeGuardFilters,
  type GuardFilters,
} from '../utils/guard-list-params.ts';
import { GuardCard } from './guard-card.tsx';
import { GuardFiltersBar } from './guard-filters.tsx';
import { GuardPagination } from './guard-pagination.tsx';

/** The guard list: filters, sort and page live in the address; the server filters and pages. */
export function GuardDirectory({ canBook }: { canBook: boolean }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readGuardFilters(searchParams);
  const guards = useGuards(toGuardListRequest(filters));
  const topRef = useRef<HTMLDivElement>(null);
  useErrorToast(guards.error, 'Failed to load security guards');

  const change = (changes: Partial<GuardFilters>) => setSearchParams((params) => writeGuardFilters(params, changes));
  const clear = () => setSearchParams(new URLSearchParams());
  const goToPage = (page: number) => {
    change({ page });
    topRef.current?.scrollIntoView({ block: 'start' });
  };

  // Results are drawn in a transition (React slices the work), so the list may trail the query
  // for a moment: it shows as busy until it has caught up.
  const data = useDeferredValue(guards.data);
  const busy = guards.isPlaceholderData || data !== guards.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / (data.pageSize || GUARD_LIST_PAGE_SIZE))) : 1;

  return (
    <div ref={topRef} className="grid scroll-mt-20 gap-6">
      <GuardFiltersBar filters={filters} onChange={change} onClear={clear} />
      {!data ? (
        guards.isError ? (
          <EmptyState
            icon={ShieldOff}
            title="Could not load security guards"
            action={
              <Button variant="outline" onClick={() => void guards.refetch()}>
                <RefreshCw aria-hidden="true" />
                Try again
              </Button>
            }
          />
        ) : (
          <LoadingMessage text="Loading security guards..." />
        )
      ) : data.items.length === 0 ? (
        <EmptyState
          icon={ShieldOff}
          title="No Guards Available"
          action={
            hasActiveFilters(filters) || filters.page > 1 ? (
              <Button variant="outline" onClick={clear}>
                Clear filters
              </Button>
            ) : null
          }
        >
          {hasActiveFilters(filters)
            ? 'No guards match these filters. Try clearing some of them.'
            : 'There are no security guards to show right now. Please check back soon.'}
        </EmptyState>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {data.total} {data.total === 1 ? 'guard' : 'guards'} found
          </p>
          <ul aria-label="Security guards" aria-busy={busy} className={cn('grid gap-4 sm:grid-cols-2 lg:grid-cols-3', busy && 'opacity-60')}>
            {data.items.map((guard) => (
              <li key={guard.id} className="grid">
                <GuardCard guard={guard} canBook={canBook} />
              </li>
            ))}
          </ul>
          <GuardPagination page={filters.page} pageCount={pageCount} onPageChange={goToPage} />
        </>
      )}
    </div>
  );
}
