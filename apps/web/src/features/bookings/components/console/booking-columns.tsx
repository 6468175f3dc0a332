import type { ColumnDef } from '@tanstack/react-table';
import { canMoveBooking } from '@ops/shared/domain/booking-status';
import { bookingStatusLabel, paymentStatusLabel } from '@ops/shared/domain/status-labels';
import { formatKes } from '@ops/shared/money';
import { guardsLacking, type AdminBookingRow } from '@ops/shared/schemas/admin-bookings';
import { Badge } from '@/components/ui/badge.tsx';
import { formatNairobiDateTime } from '@/lib/format-console-date.ts';
import { BookingActionsMenu, type BookingAction } from './booking-actions-menu.tsx';

const isLive = (b: AdminBookingRow) => b.status === 'pending' || b.status === 'confirmed';

/** The actions the server would allow on this booking (it refuses the rest). */
export function allowedActions(b: AdminBookingRow): BookingAction[] {
  const actions: BookingAction[] = [];
  if (canMoveBooking(b.status, 'confirmed') && b.paymentStatus === 'paid') actions.push('confirm');
  if (canMoveBooking(b.status, 'completed')) actions.push('complete');
  if (canMoveBooking(b.status, 'cancelled')) actions.push('cancel');
  if (isLive(b) && guardsLacking(b) > 0) actions.push('assign');
  if (isLive(b) && b.guards.some((g) => g.staffedByConsole)) actions.push('unassign');
  return actions;
}

function GuardsCell({ booking }: { booking: AdminBookingRow }) {
  const lacking = guardsLacking(booking);
  const names = booking.guards.map((g) => g.fullName).join(', ');
  const badge =
    lacking > 0 && isLive(booking) ? (
      <Badge variant="outline" className="border-accent text-accent-text">
        {booking.guards.length === 0 && booking.teamSize === 1 ? 'Needs guard' : `${booking.guards.length} of ${booking.teamSize} guards`}
      </Badge>
    ) : null;
  if (!names) return badge ?? <span className="text-muted-foreground">—</span>;
  return (
    <div className="grid min-w-28 justify-items-start gap-1">
      <span>{names}</span>
      {badge}
    </div>
  );
}

const CANCELLED_BY_TEXT = { client: 'By the client', admin: 'By the OPS office', system: 'By the system' } as const;

/** Who cancelled the booking and why, under its status. */
function CancellationNote({ cancellation }: { cancellation: NonNullable<AdminBookingRow['cancellation']> }) {
  const by = cancellation.by ? CANCELLED_BY_TEXT[cancellation.by] : null;
  const text = [by, cancellation.reason].filter(Boolean).join(': ');
  return text ? <span className="max-w-56 text-xs text-muted-foreground">{text}</span> : null;
}

function StatusBadge({ booking }: { booking: AdminBookingRow }) {
  const variant =
    booking.status === 'cancelled' ? 'destructive' : booking.status === 'completed' ? 'secondary' : booking.status === 'confirmed' ? 'default' : 'outline';
  return <Badge variant={variant}>{bookingStatusLabel(booking.status, booking.paymentStatus)}</Badge>;
}

function PaymentBadge({ booking }: { booking: AdminBookingRow }) {
  const variant = booking.paymentStatus === 'paid' ? 'default' : booking.paymentStatus === 'failed' ? 'destructive' : 'outline';
  return <Badge variant={variant}>{paymentStatusLabel(booking.paymentStatus)}</Badge>;
}

export interface BookingColumnActions {
  onAction: (booking: AdminBookingRow, action: BookingAction) => void;
  /** The booking whose status is being changed, if any. */
  busyId: string | null;
}

/**
 * The Bookings table's columns; the sortable one names the server's sort key. The area sits under
 * the time and the payment under the status, so the table and its Actions fit the console's card on
 * a 1280 px screen.
 */
export function bookingColumns({ onAction, busyId }: BookingColumnActions): ColumnDef<AdminBookingRow>[] {
  return [
    {
      id: 'reference',
      header: 'Reference',
      meta: { stacked: 'title' },
      cell: ({ row: { original: b } }) => (
        <div className="grid">
          <span className="font-mono text-sm font-semibold whitespace-nowrap">{b.reference}</span>
          <span className="text-xs font-normal whitespace-nowrap text-muted-foreground">{b.serviceLabel}</span>
        </div>
      ),
    },
    {
      id: 'client',
      header: 'Client',
      cell: ({ row: { original: b } }) => (
        <div className="grid">
          <span>{b.client.fullName}</span>
          {b.client.companyName ? <span className="text-xs text-muted-foreground">{b.client.companyName}</span> : null}
        </div>
      ),
    },
    { id: 'guards', header: 'Guard(s)', cell: ({ row: { original: b } }) => <GuardsCell booking={b} /> },
    {
      id: 'start',
      header: 'When',
      meta: { sortKey: 'start', firstDir: 'desc' },
      cell: ({ row: { original: b } }) => (
        <div className="grid min-w-24">
          <span>{formatNairobiDateTime(b.startTime)}</span>
          <span className="text-xs text-muted-foreground">{b.area}</span>
        </div>
      ),
    },
    { id: 'price', header: 'Price', cell: ({ row: { original: b } }) => <span className="whitespace-nowrap">{formatKes(b.price)}</span> },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row: { original: b } }) => (
        <div className="grid justify-items-start gap-1">
          <StatusBadge booking={b} />
          <span className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground">
            Payment <PaymentBadge booking={b} />
          </span>
          {b.cancellation ? <CancellationNote cancellation={b.cancellation} /> : null}
        </div>
      ),
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      meta: { stacked: 'actions' },
      cell: ({ row: { original: b } }) => (
        <div className="flex justify-end">
          <BookingActionsMenu booking={b} actions={allowedActions(b)} busy={busyId === b.id} onAction={(action) => onAction(b, action)} />
        </div>
      ),
    },
  ];
}
