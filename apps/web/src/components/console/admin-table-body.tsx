import type { ReactNode } from 'react';
import { flexRender, type Row } from '@tanstack/react-table';
import { AlertTriangle, RotateCw, SearchX } from 'lucide-react';
import type { AdminPage } from '@ops/shared/schemas/admin-list';
import { EmptyState } from '@/components/empty-state.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { TableBody, TableCell, TableRow } from '@/components/ui/table.tsx';
import { messageFrom } from '@/lib/notify.ts';
import type { AdminTableState } from './use-admin-list-state.ts';

const SKELETON_ROWS = 5;

interface AdminTableBodyProps<T> {
  rows: Row<T>[];
  columnCount: number;
  state: AdminTableState;
  data: AdminPage<T> | undefined;
  error: unknown;
  errorMessage: string;
  onRetry: () => void;
  emptyTitle: string;
  emptyText: string;
}

/** A console table's rows: a skeleton while loading, a card with the words when it failed, an empty state, or the rows. */
export function AdminTableBody<T>(props: AdminTableBodyProps<T>) {
  const { rows, columnCount, state, data, error, errorMessage, onRetry } = props;
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

  return <TableBody>{body}</TableBody>;
}
