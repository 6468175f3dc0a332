import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ADMIN_PAGE_SIZE_DEFAULT, ADMIN_PAGE_SIZES, type AdminPageSize, type SortDirection } from '@ops/shared/schemas/admin-list';
import { useUrlParams } from './use-url-params.ts';

export const SEARCH_DEBOUNCE_MS = 300;

export interface AdminListConfig<F extends string> {
  defaultSort: string;
  defaultDir: SortDirection;
  /** The table's own filters and the value each has when the address does not name one. */
  filters?: Record<F, string>;
}

export interface AdminListState<F extends string = string> {
  /** The search the list is showing (from the address). */
  q: string;
  sort: string;
  dir: SortDirection;
  page: number;
  pageSize: AdminPageSize;
  filters: Record<F, string>;
  /** What is in the search box, ahead of the address while the user types. */
  searchInput: string;
  setSearchInput: (value: string) => void;
  /** Sorts by a column: the same column again turns the direction round. */
  setSort: (column: string, firstDir?: SortDirection) => void;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  setFilter: (name: F, value: string) => void;
  /** Several filters in one step of the history. */
  setFilters: (values: Partial<Record<F, string>>) => void;
  /** The API's query string for this state: q, sort, dir, page, pageSize and the filters. */
  apiQuery: string;
}

/** What the table itself reads and sets (its filters are the view's own). */
export type AdminTableState = Pick<
  AdminListState,
  'q' | 'sort' | 'dir' | 'page' | 'pageSize' | 'searchInput' | 'setSearchInput' | 'setSort' | 'setPage' | 'setPageSize'
>;

const KEYS = ['q', 'sort', 'dir', 'page', 'pageSize'] as const;

const isPageSize = (n: number): n is AdminPageSize => (ADMIN_PAGE_SIZES as readonly number[]).includes(n);

/**
 * A console table's search, filters, sort and page, kept in the address so reload, back and a
 * pasted link show the same rows. Typing is debounced and replaces the entry; everything else is a
 * step in the history. A new search or filter starts again at page 1.
 */
export function useAdminListState<F extends string = never>(config: AdminListConfig<F>): AdminListState<F> {
  const { params, update } = useUrlParams();
  const { defaultSort, defaultDir } = config;
  const filterDefaults = config.filters ?? ({} as Record<F, string>);
  const filterNames = Object.keys(filterDefaults) as F[];

  const q = params.get('q')?.trim() ?? '';
  const sort = params.get('sort') || defaultSort;
  const rawDir = params.get('dir');
  const dir: SortDirection = rawDir === 'asc' || rawDir === 'desc' ? rawDir : defaultDir;
  const rawPage = Number(params.get('page'));
  const page = Number.isInteger(rawPage) && rawPage >= 1 ? rawPage : 1;
  const rawSize = Number(params.get('pageSize'));
  const pageSize = isPageSize(rawSize) ? rawSize : ADMIN_PAGE_SIZE_DEFAULT;
  const filterKey = filterNames.map((name) => `${name}=${params.get(name) ?? ''}`).join('&');
  const filters = useMemo(
    () => Object.fromEntries(filterNames.map((name) => [name, params.get(name) || filterDefaults[name]])) as Record<F, string>,
    // filterKey stands for the filters' values in the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [filterKey],
  );

  // The box follows the address when it changes from outside (back, a pasted link), but not while
  // the user's own typing is still on its way there.
  const [searchInput, setInput] = useState(q);
  const [seenQ, setSeenQ] = useState(q);
  const [written, setWritten] = useState(q);
  if (q !== seenQ) {
    setSeenQ(q);
    if (q !== written) setInput(q);
  }

  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const setSearchInput = useCallback(
    (value: string) => {
      setInput(value);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const next = value.trim();
        setWritten(next);
        update(
          (p) => {
            if (next) p.set('q', next);
            else p.delete('q');
            p.delete('page');
          },
          { replace: true },
        );
      }, SEARCH_DEBOUNCE_MS);
    },
    [update],
  );

  const setSort = useCallback(
    (column: string, firstDir: SortDirection = 'asc') => {
      const nextDir: SortDirection = column === sort ? (dir === 'asc' ? 'desc' : 'asc') : firstDir;
      update((p) => {
        if (column === defaultSort && nextDir === defaultDir) {
          p.delete('sort');
          p.delete('dir');
        } else {
          p.set('sort', column);
          p.set('dir', nextDir);
        }
        p.delete('page');
      });
    },
    [sort, dir, defaultSort, defaultDir, update],
  );

  const setPage = useCallback(
    (next: number) =>
      update((p) => {
        if (next > 1) p.set('page', String(next));
        else p.delete('page');
      }),
    [update],
  );

  const setPageSize = useCallback(
    (size: number) =>
      update((p) => {
        if (size === ADMIN_PAGE_SIZE_DEFAULT) p.delete('pageSize');
        else p.set('pageSize', String(size));
        p.delete('page');
      }),
    [update],
  );

  const setFilters = useCallback(
    (values: Partial<Record<F, string>>) =>
      update((p) => {
        for (const [name, value] of Object.entries(values) as [F, string | undefined][]) {
          if (value && value !== filterDefaults[name]) p.set(name, value);
          else p.delete(name);
        }
        p.delete('page');
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [update],
  );
  const setFilter = useCallback((name: F, value: string) => setFilters({ [name]: value } as Partial<Record<F, string>>), [setFilters]);

  const apiQuery = useMemo(() => {
    const query = new URLSearchParams();
    const values: Record<(typeof KEYS)[number], string> = { q, sort, dir, page: String(page), pageSize: String(pageSize) };
    for (const key of KEYS) if (values[key]) query.set(key, values[key]);
    for (const name of filterNames) if (filters[name]) query.set(name, filters[name]);
    return query.toString();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q, sort, dir, page, pageSize, filters]);

  return { q, sort, dir, page, pageSize, filters, searchInput, setSearchInput, setSort, setPage, setPageSize, setFilter, setFilters, apiQuery };
}
