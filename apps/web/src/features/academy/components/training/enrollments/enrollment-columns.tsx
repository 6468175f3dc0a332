import type { ColumnDef } from '@tanstack/react-table';
import type { EnrollmentConsoleAction } from '@ops/shared/domain/enrollment-status';
import { nairobiDate } from '@ops/shared/domain/nairobi-time';
import { formatKes } from '@ops/shared/money';
import type { AdminEnrollmentRow } from '@ops/shared/schemas/admin-enrollments';
import { Badge } from '@/components/ui/badge.tsx';
import { formatDay } from '@/lib/format-console-date.ts';
import { EnrollmentActionsMenu } from './enrollment-actions-menu.tsx';

const words = (value: string) => value.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

const STATUS_LABELS: Record<string, string> = {
  all: 'All statuses',
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  pending_cash: 'Pending cash',
  pending_payment: 'Pending payment',
  active: 'Active',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
export const statusLabel = (status: string) => STATUS_LABELS[status] ?? words(status);

const METHOD_LABELS: Record<string, string> = { intasend: 'IntaSend', cash: 'Cash' };

function StatusBadge({ status }: { status: string }) {
  const variant =
    status === 'rejected' || status === 'cancelled' ? 'destructive' : status === 'pending' || status.startsWith('pending_') ? 'outline' : 'secondary';
  return (
    <Badge variant={variant} className="whitespace-nowrap">
      {statusLabel(status)}
    </Badge>
  );
}

interface Actions {
  busyId: string | null;
  onAction: (row: AdminEnrollmentRow, action: EnrollmentConsoleAction) => void;
}

export function enrollmentColumns({ busyId, onAction }: Actions): ColumnDef<AdminEnrollmentRow>[] {
  return [
    {
      id: 'name',
      header: 'Student',
      meta: { sortKey: 'name', stacked: 'title' },
      cell: ({ row: { original: e } }) => (
        <div className="grid min-w-36">
          <span className="font-medium">{e.studentName}</span>
          <span className="text-xs font-normal whitespace-nowrap text-muted-foreground">{e.phone ? `+${e.phone}` : 'No phone'}</span>
        </div>
      ),
    },
    // The cohort's start under the course, the method under the fee and the payment under the
    // status, so the table and its actions fit the console's card on a 1280 px screen.
    {
      id: 'course',
      header: 'Course',
      cell: ({ row: { original: e } }) => (
        <div className="grid min-w-32">
          <span>{e.courseTitle}</span>
          <span className="text-xs whitespace-nowrap text-muted-foreground">Starts {formatDay(e.cohortStartDate)}</span>
        </div>
      ),
    },
    {
      id: 'price',
      header: 'Fee',
      cell: ({ row: { original: e } }) => (
        <div className="grid">
          <span className="whitespace-nowrap">{formatKes(e.coursePrice)}</span>
          <span className="text-xs text-muted-foreground">{METHOD_LABELS[e.paymentMethod] ?? e.paymentMethod}</span>
        </div>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row: { original: e } }) => (
        <div className="grid justify-items-start gap-1">
          <StatusBadge status={e.status} />
          <span className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground">
            Payment
            <Badge variant={e.paymentStatus === 'paid' ? 'default' : 'outline'} className="whitespace-nowrap">
              {e.paymentStatus === 'paid' ? 'Paid' : words(e.paymentStatus)}
            </Badge>
          </span>
        </div>
      ),
    },
    {
      id: 'created',
      header: 'Created',
      meta: { sortKey: 'created', firstDir: 'desc' },
      cell: ({ row: { original: e } }) => <span className="whitespace-nowrap">{formatDay(nairobiDate(new Date(e.createdAt)))}</span>,
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      meta: { stacked: 'actions' },
      cell: ({ row: { original: e } }) => (
        <div className="flex justify-end">
          <EnrollmentActionsMenu enrollment={e} busy={busyId === e.id} onAction={(action) => onAction(e, action)} />
        </div>
      ),
    },
  ];
}
