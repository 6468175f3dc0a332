import type { ColumnDef } from '@tanstack/react-table';
import { Ban, CircleCheck } from 'lucide-react';
import { formatKes } from '@ops/shared/money';
import { nairobiDate } from '@ops/shared/domain/nairobi-time';
import type { AdminClientRow } from '@ops/shared/schemas/admin-clients';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { formatDay } from '@/lib/format-console-date.ts';

export interface ClientColumnActions {
  onBlock: (client: AdminClientRow) => void;
  onUnblock: (client: AdminClientRow) => void;
}

export function ClientStatusBadge({ client }: { client: Pick<AdminClientRow, 'status' | 'blockedReason'> }) {
  if (client.status === 'blocked') {
    return (
      <div className="grid max-w-48 justify-items-start gap-1">
        <Badge variant="destructive">Blocked</Badge>
        {client.blockedReason ? <span className="line-clamp-2 text-xs text-muted-foreground">{client.blockedReason}</span> : null}
      </div>
    );
  }
  return <Badge variant="secondary">Active</Badge>;
}

/**
 * The Clients table's columns; the sortable ones name the server's sort key. The company and the
 * e-mail sit under the name, so the table and its Block button fit the console's card on a 1280 px
 * screen.
 */
export function clientColumns({ onBlock, onUnblock }: ClientColumnActions): ColumnDef<AdminClientRow>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      meta: { sortKey: 'name', stacked: 'title' },
      cell: ({ row: { original: c } }) => (
        <div className="grid min-w-40">
          <span className="font-medium">{c.fullName}</span>
          {c.isCompany && c.companyName ? <span className="text-xs font-normal text-muted-foreground">{c.companyName}</span> : null}
          <span className="text-xs font-normal wrap-anywhere text-muted-foreground">{c.email}</span>
        </div>
      ),
    },
    {
      id: 'phone',
      header: 'Phone',
      cell: ({ row: { original: c } }) => <span className="whitespace-nowrap">{c.phone ? `+${c.phone}` : '—'}</span>,
    },
    { id: 'bookings', header: 'Bookings', meta: { className: 'text-right' }, cell: ({ row: { original: c } }) => c.bookingsCount },
    {
      id: 'totalPaid',
      header: 'Total paid',
      meta: { className: 'text-right' },
      cell: ({ row: { original: c } }) => <span className="whitespace-nowrap">{formatKes(c.totalPaid)}</span>,
    },
    {
      id: 'joined',
      header: 'Joined',
      meta: { sortKey: 'created', firstDir: 'desc' },
      cell: ({ row: { original: c } }) => <span className="whitespace-nowrap">{formatDay(nairobiDate(new Date(c.createdAt)))}</span>,
    },
    { id: 'status', header: 'Status', cell: ({ row: { original: c } }) => <ClientStatusBadge client={c} /> },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      meta: { stacked: 'actions' },
      cell: ({ row: { original: c } }) => (
        <div className="flex justify-end">
          {/* The confirmation dialog is modal: no second change can start while one is on its way. */}
          {c.status === 'blocked' ? (
            <Button variant="outline" size="sm" aria-label={`Unblock ${c.fullName}`} onClick={() => onUnblock(c)}>
              <CircleCheck aria-hidden="true" />
              Unblock
            </Button>
          ) : (
            <Button variant="outline" size="sm" aria-label={`Block ${c.fullName}`} onClick={() => onBlock(c)}>
              <Ban aria-hidden="true" />
              Block
            </Button>
          )}
        </div>
      ),
    },
  ];
}
