import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageCount } from '@ops/shared/schemas/admin-list';
import { Button } from '@/components/ui/button.tsx';

interface OfficerPagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}

/** 'Page 2 of 5' with the way back and forward; hidden when everything fits on one page. */
export function OfficerPager({ page, pageSize, total, onPage }: OfficerPagerProps) {
  const pages = pageCount(total, pageSize);
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" />
        Previous
      </Button>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Page {page} of {pages}
      </p>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
