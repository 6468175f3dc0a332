import type { ReactNode } from 'react';
import { useInfiniteQuery, type InfiniteData, type QueryKey, type UseInfiniteQueryOptions } from '@tanstack/react-query';
import type { Page } from '@ops/shared/schemas/page';
import { Button } from '@/components/ui/button.tsx';
import { LoadingMessage } from '@/components/ui/spinner.tsx';
import { useErrorToast } from '@/lib/use-error-toast.ts';

/** A list read from the server a page at a time with its cursor (Page<T>, decision 013). */
export type CursorListOptions<T, K extends QueryKey> = UseInfiniteQueryOptions<Page<T>, Error, InfiniteData<Page<T>>, K, string | null>;

interface ShowMoreListProps<T, K extends QueryKey> {
  options: CursorListOptions<T, K>;
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** Shown when the list has nothing at all. */
  empty: ReactNode;
  loadingText: string;
  /** The toast when a page fails to load. */
  errorToast: string;
  /** Shown instead of the list when its first page fails. */
  errorText: string;
}

/**
 * The rows so far and a 'Show more' button while the server has more: each press asks for the
 * page after the last one shown, so nothing is skipped or shown twice.
 */
export function ShowMoreList<T, K extends QueryKey>({ options, itemKey, renderItem, empty, loadingText, errorToast, errorText }: ShowMoreListProps<T, K>) {
  const list = useInfiniteQuery(options);
  useErrorToast(list.error, errorToast);

  if (list.isPending) return <LoadingMessage text={loadingText} className="py-8" />;
  // A later page that fails keeps what is shown; the toast says so and Show more tries again.
  if (!list.data) return <p className="text-muted-foreground">{errorText}</p>;

  const items = list.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <>{empty}</>;
  return (
    <div className="grid gap-4">
      <ul className="grid gap-4">
        {items.map((item) => (
          <li key={itemKey(item)}>{renderItem(item)}</li>
        ))}
      </ul>
      {list.hasNextPage ? (
        <Button variant="outline" className="justify-self-center" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {list.isFetchingNextPage ? 'Loading more...' : 'Show more'}
        </Button>
      ) : null}
    </div>
  );
}
