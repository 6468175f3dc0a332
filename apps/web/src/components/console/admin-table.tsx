import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type Header } from '@tanstack/react-table';
import { AlertTriangle, ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight, RotateCw, SearchX } from 'lucide-react';
import { ADMIN_PAGE_SIZES, pageCount, type AdminPage, type SortDirection } from '@ops/shared/schemas/admin-list';
import { EmptyState } from '@/components/empty-state.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow, useTableStacked, type StackedPlace } from '@/components/ui/table.tsx';
import { messageFrom } from '@/lib/notify.ts';
import { useErrorToast } from '@/lib/use-error-toast.ts';
import { cn } from '@/lib/utils.ts';
import type { AdminTableState } from './use-admin-list-state.ts';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData, TValue> {
    /** The server's sort key for this column; without it the header is not sortable. */
    sortKey?: string;
    /** The direction the first click sorts in (newest, highest first for figures). */
    firstDir?: SortDirection;
    className?: string;
    /** The column's name above its value while rows are cards, when the header is not plain words. */
    label?: string;
    /** Where the cell goes while rows are cards: the row's title across the top, its actions at the bottom. */
    stacked?: StackedPlace;
  }
}

export interface AdminTableProps<T> {
  /** The table's accessible name, e.g. 'Guards'. */
  label: string;
  columns: ColumnDef<T>[];
  state: AdminTableState;
  /** The page the server answered (the previous one while the next loads). */
  data: AdminPage<T> | undefined;
  /** True while a newer page is on its way and the rows shown are the previous ones. */
  stale?: boolean;
  error: unknown;
  /** The toast and the error card's words, e.g. 'Failed to fetch guards data'. */
  errorMessage: string;
  onRetry: () => void;
  getRowId: (row: T) => string;
  emptyTitle: string;
  emptyText: string;
  /** Search box and filters above the rows. */
  toolbar?: ReactNode;
  /**
   * Below this width of the card (px) the rows are cards (a phone, a tablet, a narrow window); above
   * it the table shows, unless its columns do not fit, when the rows are cards too.
   */
  stackBelow?: number;
}

/** What a console table takes from its page's query: the rows, whether they are the previous page's, the failure, and asking again. */
export function fromQuery<T>(query: UseQueryResult<AdminPage<T>>): Pick<AdminTableProps<T>, 'data' | 'stale' | 'error' | 'onRetry'> {
  return { data: query.data, stale: query.isPlaceholderData, error: query.error, onRetry: () => void query.refetch() };
}

/** The width under which a console table's rows are cards, unless the table says otherwise. */
export const STACK_BELOW = 720;

const SKELETON_ROWS = 5;

function ariaSort(sortKey: string | undefined, state: AdminTableState) {
  if (!sortKey) return undefined;
  if (state.sort !== sortKey) return 'none';
  return state.dir === 'asc' ? 'ascending' : 'descending';
}

function HeaderCell<T>({ header, state }: { header: Header<T, unknown>; state: AdminTableState }) {
  const stacked = useTableStacked();
  const meta = header.column.columnDef.meta;
  const title = flexRender(header.column.columnDef.header, header.getContext());
  const sortKey = meta?.sortKey;
  if (!sortKey) return <TableHead className={meta?.className}>{title}</TableHead>;
  const active = state.sort === sortKey;
  const Icon = !active ? ArrowUpDown : state.dir === 'asc' ? ArrowUp : ArrowDown;
  // While the rows are cards the sortable headers stay, as a row of sort buttons above them.
  return (
    <TableHead aria-sort={ariaSort(sortKey, state)} className={meta.className} keepWhenStacked>
      <button
        type="button"
        className={cn(
          '-mx-2 inline-flex items-center gap-1 rounded-md px-2 py-1 hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring',
          stacked && 'mx-0 border bg-background',
          stacked && active && 'border-foreground/40 text-foreground',
        )}
        onClick={() => state.setSort(sortKey, meta.firstDir)}
      >
        {title}
        <Icon className={cn('size-3.5', !active && 'opacity-50')} aria-hidden="true" />
      </button>
    </TableHead>
  );
}

/** The header row; while the rows are cards, the sort buttons under 'Sort by'. */
function HeaderRow({ children }: { children: ReactNode }) {
  const stacked = useTableStacked();
  return (
    <TableRow className={cn('hover:bg-transparent', stacked && "text-xs before:text-muted-foreground before:content-['Sort_by']")}>{children}</TableRow>
  );
}

/**
 * Every console table: rows sorted, searched and paged by the server, with the state in the
 * address. Loading shows a skeleton, nothing found an empty state, a failed load a card with the
 * words passed in (and the same words in a toast). Below `stackBelow`, or when the columns do not
 * fit, each row is a card with its actions in reach (see the Table component).
 */
export function AdminTable<T>(props: AdminTableProps<T>) {
  const { label, columns, state, data, stale = false, error, errorMessage, onRetry, getRowId, toolbar, stackBelow = STACK_BELOW } = props;
  useErrorToast(error, errorMessage);
  // The app is not built with the React Compiler; the table object is read fresh on every render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: data?.items ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => getRowId(row),
    manualSorting: true,
    manualPagination: true,
    manualFiltering: true,
  });
  const headerGroups = table.getHeaderGroups();
  const rows = table.getRowModel().rows;
  const columnCount = columns.length;
  const sortable = columns.some((column) => column.meta?.sortKey);
  const pages = data ? pageCount(data.total, data.pageSize) : 1;
  const sizeId = `${label.toLowerCase().replace(/\W+/g, '-')}-page-size`;

  let body: ReactNode;
  if (!data && error) {
    body = (
      <TableRow className="hover:bg-transparent">
        <TableCell colSpan={columnCount}>
          <div role="alert" className="flex flex-col items-start gap-3 py-6">
            <p className="flex items-center gap-2 font-semibold text-destructive">
              <AlertTriangle className="size-5" aria-hidden="true" />
              {errorMessage}
            </p>
            <p className="text-sm text-muted-foreground">{messageFrom(error)}</p>
            <Button variant="outline" onClick={onRetry}>
              <RotateCw aria-hidden="true" />
              Try again
            </Button>
          </div>
        </TableCell>
      </TableRow>
    );
  } else if (!data) {
    body = Array.from({ length: SKELETON_ROWS }, (_, i) => (
      <TableRow key={i} className="hover:bg-transparent">
        {Array.from({ length: columnCount }, (_, j) => (
          <TableCell key={j}>
            <Skeleton className="h-5 w-full min-w-16" />
          </TableCell>
        ))}
      </TableRow>
    ));
  } else if (rows.length === 0) {
    body = (
      <TableRow className="hover:bg-transparent">
        <TableCell colSpan={columnCount}>
          <EmptyState
            icon={SearchX}
            title={props.emptyTitle}
            headingLevel="h3"
            className="border-0"
            action={
              // A link to a page past the end (rows removed since it was shared) offers the first.
              state.page > 1 ? (
                <Button variant="outline" onClick={() => state.setPage(1)}>
                  Back to page 1
                </Button>
              ) : null
            }
          >
            {props.emptyText}
          </EmptyState>
        </TableCell>
      </TableRow>
    );
  } else {
    body = rows.map((row) => (
      <TableRow key={row.id}>
        {row.getVisibleCells().map((cell) => {
          const { header, meta } = cell.column.columnDef;
          return (
            <TableCell
              key={cell.id}
              className={meta?.className}
              label={meta?.label ?? (typeof header === 'string' ? header : undefined)}
              stackedPlace={meta?.stacked}
            >
              {flexRender(cell.column.columnDef.cell, cell.getContext())}
            </TableCell>
          );
        })}
      </TableRow>
    ));
  }

  return (
    <Card className="min-w-0 overflow-hidden">
      {toolbar ? <div className="flex flex-wrap items-end gap-3 border-b p-4">{toolbar}</div> : null}
      {!data && !error ? (
        <p role="status" className="sr-only">
          Loading {label.toLowerCase()}
        </p>
      ) : null}
      <Table aria-label={label} aria-busy={!data || stale} className={cn(stale && 'opacity-60')} stackBelow={stackBelow}>
        <TableHeader keepWhenStacked={sortable}>
          {headerGroups.map((group) => (
            <HeaderRow key={group.id}>
              {group.headers.map((header) => (
                <HeaderCell key={header.id} header={header} state={state} />
              ))}
            </HeaderRow>
          ))}
        </TableHeader>
        <TableBody>{body}</TableBody>
      </Table>
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
    </Card>
  );
}

/** The search box above a console table; the list follows 300 ms after the last key. */
export function AdminSearchBox({ state, label, placeholder }: { state: AdminTableState; label: string; placeholder: string }) {
  return (
    <div className="grid min-w-0 flex-1 basis-56 gap-1.5">
      <Label htmlFor="admin-table-search">{label}</Label>
      <Input
        id="admin-table-search"
        type="search"
        placeholder={placeholder}
        value={state.searchInput}
        onChange={(event) => state.setSearchInput(event.target.value)}
      />
    </div>
  );
}
