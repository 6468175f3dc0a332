import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';

export interface UrlParams {
  params: URLSearchParams;
  /**
   * Changes the query string and keeps the path. `replace` for changes that should not each be a
   * step back (typing in a search box); a push for the ones that should (a view, a page).
   */
  update: (change: (params: URLSearchParams) => void, options?: { replace?: boolean }) => void;
}

/** The console's query string: the one place its view, search, filters, sort and page are kept. */
export function useUrlParams(): UrlParams {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const update = useCallback<UrlParams['update']>(
    (change, options = {}) => {
      const next = new URLSearchParams(search);
      change(next);
      const query = next.toString();
      if (query === search) return;
      navigate(query ? `${path}?${query}` : path, { replace: options.replace ?? false });
    },
    [search, path, navigate],
  );
  return { params, update };
}
