import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type Header } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { AdminPage, SortDirection } from '@ops/shared/schemas/admin-list';
import { Card } from '@/components/ui/card.tsx';
import { Table, TableHead, TableHeader, TableRow, useTableStacked, type StackedPlace } from '@/components/ui/table.tsx';
import { useErrorToast } from '@/lib/use-error-toast.ts';
import { cn } from '@/lib/utils.ts';
import { AdminTableBody } from './admin-table-body.tsx';
import { AdminTablePager } from './admin-table-pager.tsx';
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
        <AdminTableBody
          rows={rows}
          columnCount={columnCount}
          state={state}
          data={data}
          error={error}
          errorMessage={errorMessage}
          onRetry={onRetry}
          emptyTitle={props.emptyTitle}
          emptyText={props.emptyText}
        />
      </Table>
      <AdminTablePager label={label} state={state} data={data} />
    </Card>
  );
}
