import { ChevronLeft, ChevronRight } from 'lucide-react';
import { ADMIN_PAGE_SIZES, pageCount, type AdminPage } from '@ops/shared/schemas/admin-list';
import { Button } from '@/components/ui/button.tsx';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import type { AdminTableState } from './use-admin-list-state.ts';

/** Under a console table: how many results, rows per page, which page of how many, Previous and Next. */
export function AdminTablePager({ label, state, data }: { label: string; state: AdminTableState; data: AdminPage<unknown> | undefined }) {
  const pages = data ? pageCount(data.total, data.pageSize) : 1;
  const sizeId = `${label.toLowerCase().replace(/\W+/g, '-')}-page-size`;
  return (
    <nav aria-label={`${label} pages`} className="flex flex-wrap items-center justify-between gap-3 border-t p-4 text-sm">
      <p className="text-muted-foreground">{data ? `${data.total} ${data.total === 1 ? 'result' : 'results'}` : '\u00a0'}</p>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex items-center gap-2">
          <Label htmlFor={sizeId} className="whitespace-nowrap">
            Rows per page
          </Label>
          <NativeSelect id={sizeId} className="w-20" value={state.pageSize} onChange={(event) => state.setPageSize(Number(event.target.value))}>
            {ADMIN_PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </NativeSelect>
        </div>
        <p aria-live="polite" className="whitespace-nowrap">
          Page {state.page} of {pages}
        </p>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" disabled={state.page <= 1} onClick={() => state.setPage(state.page - 1)}>
            <ChevronLeft aria-hidden="true" />
            Previous
          </Button>
          <Button variant="outline" size="sm" disabled={!data || state.page >= pages} onClick={() => state.setPage(state.page + 1)}>
            Next
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>
    </nav>
  );
}
