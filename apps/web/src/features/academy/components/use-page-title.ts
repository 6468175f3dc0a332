import { useEffect } from 'react';
import { usePublicSettings } from '@/lib/public-settings.ts';

/** The tab's title, '{page} | {company}', while the page is shown. */
export function usePageTitle(page: string | null): void {
  const { companyName } = usePublicSettings();
  useEffect(() => {
    if (!page) return;
    const previous = document.title;
    document.title = `${page} | ${companyName}`;
    return () => {
      document.title = previous;
    };
  }, [page, companyName]);
}
