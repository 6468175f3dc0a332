import { useId, useMemo, useState, type FormEvent } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { formatKes } from '@ops/shared/money';
import { nairobiDate } from '@ops/shared/domain/nairobi-time';
import { TRAINING_TEXTS } from '@ops/shared/schemas/admin-training';
import {
  ADMIN_ENROLLMENT_STATUS_FILTERS,
  RECEIPT_NUMBER_MAX,
  cashPaidInput,
  type AdminEnrollmentRow,
  type EnrollmentCancelResult,
} from '@ops/shared/schemas/admin-enrollments';
import { Badge } from '@/components/ui/badge.tsx';
import type { EnrollmentConsoleAction } from '@ops/shared/domain/enrollment-status';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { messageFrom, notifyError, notifySuccess } from '@/lib/notify.ts';
import { useAdminEnrollments, useCancelEnrollment, useCohorts, useEnrollmentAction } from '../../api/admin-training.ts';
import { formatDay } from '../../format.ts';
import { useAdminListState } from '../../hooks/use-admin-list-state.ts';
import { FilterSelect } from '../admin-filters.tsx';
import { AdminSearchBox, AdminTable } from '../admin-table.tsx';
import { ApproveEnrollmentDialog, CancelEnrollmentDialog, EnrollmentActionsMenu, RejectEnrollmentDialog } from './enrollment-actions.tsx';

export const ENROLLMENTS_LOAD_FAILED = 'Failed to fetch enrollments';

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
const statusLabel = (status: string) => STATUS_LABELS[status] ?? words(status);

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

function enrollmentColumns({ busyId, onAction }: Actions): ColumnDef<AdminEnrollmentRow>[] {
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

type Open = { row: AdminEnrollmentRow; action: EnrollmentConsoleAction } | null;

/** What the admin hears once a cancellation is done: the seat, and what was given back. */
function cancelledText(result: EnrollmentCancelResult): string {
  const { refund } = result;
  if (refund.how === 'none') return 'The seat is released; nothing was paid.';
  if (refund.how === 'office') return `Give back ${formatKes(refund.amount)} in cash at the office; it is recorded in Payments.`;
  return refund.outcome === 'accepted'
    ? `${formatKes(refund.amount)} is refunded through the payment service.`
    : `A refund of ${formatKes(refund.amount)} is requested; the payment service has not answered yet, and it is asked again.`;
}

/**
 * Every enrolment, searched, filtered and paged by the server. Each row's menu offers what the
 * server allows: approve or reject one nobody decided on, mark a cash fee paid, cancel with a reason
 * (a paid fee given back at the academy's refund rule), each after a confirmation.
 */
export function EnrollmentsTab() {
  const list = useAdminListState({ defaultSort: 'created', defaultDir: 'desc', filters: { status: 'all', cohortId: 'all' } });
  const enrollments = useAdminEnrollments(list.apiQuery);
  const cohorts = useCohorts();
  const action = useEnrollmentAction();
  const cancel = useCancelEnrollment();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const target = (what: EnrollmentConsoleAction) => (open?.action === what ? open.row : null);

  const approve = (row: AdminEnrollmentRow) =>
    action.mutate(
      { id: row.id, action: 'approved' },
      {
        onSuccess: () => {
          notifySuccess(TRAINING_TEXTS.enrollmentApproved);
          close();
        },
        onError: (error) => notifyError(messageFrom(error)),
      },
    );
  const reject = (row: AdminEnrollmentRow, reason: string) =>
    action.mutate(
      { id: row.id, action: 'rejected', reason },
      {
        onSuccess: () => {
          notifySuccess(TRAINING_TEXTS.enrollmentRejected);
          close();
        },
        onError: (error) => notifyError(messageFrom(error)),
      },
    );
  const cancelOne = (row: AdminEnrollmentRow, reason: string) =>
    cancel.mutate(
      { id: row.id, reason },
      {
        onSuccess: (result) => {
          notifySuccess(TRAINING_TEXTS.enrollmentCancelled, cancelledText(result));
          close();
        },
        onError: (error) => notifyError(messageFrom(error)),
      },
    );
  const busyId = action.isPending ? (action.variables?.id ?? null) : cancel.isPending ? (cancel.variables?.id ?? null) : null;

  const columns = useMemo(() => enrollmentColumns({ busyId, onAction: (row, what) => setOpen({ row, action: what }) }), [busyId]);
  const cohortOptions = ['all', ...(cohorts.data?.map((c) => c.id) ?? [])];
  const cohortLabel = (id: string) => {
    if (id === 'all') return 'All cohorts';
    const cohort = cohorts.data?.find((c) => c.id === id);
    return cohort ? `${cohort.courseTitle}, ${formatDay(cohort.startDate)}` : 'Cohort';
  };

  return (
    <>
      <AdminTable
        label="Enrollments"
        columns={columns}
        state={list}
        data={enrollments.data}
        stale={enrollments.isPlaceholderData}
        error={enrollments.error}
        errorMessage={ENROLLMENTS_LOAD_FAILED}
        onRetry={() => void enrollments.refetch()}
        getRowId={(e) => e.id}
        emptyTitle="No enrollments found"
        emptyText={
          list.q || list.filters.status !== 'all' || list.filters.cohortId !== 'all'
            ? 'No enrolment matches this search and filter. Try fewer words or another filter.'
            : 'Nobody has enrolled yet.'
        }
        toolbar={
          <>
            <AdminSearchBox state={list} label="Search enrollments" placeholder="Student name, phone or course" />
            <FilterSelect
              id="enrollments-status"
              label="Status"
              value={list.filters.status}
              options={ADMIN_ENROLLMENT_STATUS_FILTERS}
              optionLabel={statusLabel}
              onChange={(value) => list.setFilter('status', value)}
            />
            <FilterSelect
              id="enrollments-cohort"
              label="Cohort"
              className="w-56"
              value={list.filters.cohortId}
              options={cohortOptions}
              optionLabel={cohortLabel}
              onChange={(value) => list.setFilter('cohortId', value)}
            />
          </>
        }
      />
      <CashPaidDialog enrollment={target('cash_paid')} onClose={close} />
      <ApproveEnrollmentDialog enrollment={target('approve')} busy={action.isPending} onConfirm={approve} onClose={close} />
      <RejectEnrollmentDialog enrollment={target('reject')} busy={action.isPending} onConfirm={reject} onClose={close} />
      <CancelEnrollmentDialog enrollment={target('cancel')} busy={cancel.isPending} onConfirm={cancelOne} onClose={close} />
    </>
  );
}

function CashPaidDialog({ enrollment, onClose }: { enrollment: AdminEnrollmentRow | null; onClose: () => void }) {
  return (
    <Dialog open={enrollment !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>{enrollment ? <CashPaidForm key={enrollment.id} enrollment={enrollment} onDone={onClose} /> : null}</DialogContent>
    </Dialog>
  );
}

function CashPaidForm({ enrollment, onDone }: { enrollment: AdminEnrollmentRow; onDone: () => void }) {
  const id = useId();
  const [receipt, setReceipt] = useState('');
  const [error, setError] = useState<string | undefined>();
  const action = useEnrollmentAction();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = cashPaidInput.safeParse({ receiptNumber: receipt });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    action.mutate(
      { id: enrollment.id, action: 'cash_paid', receiptNumber: parsed.data.receiptNumber },
      {
        onSuccess: () => {
          notifySuccess(TRAINING_TEXTS.paymentRecorded);
          onDone();
        },
        onError: (err) => {
          // A receipt number already recorded stays in the form, marked, to be corrected.
          if (isApiError(err) && err.fields.receiptNumber) setError(err.fields.receiptNumber);
          notifyError(messageFrom(err));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Record cash payment</DialogTitle>
        <DialogDescription>
          {enrollment.studentName} paid {formatKes(enrollment.coursePrice)} for {enrollment.courseTitle} at the office.
        </DialogDescription>
      </DialogHeader>
      <FormField id={`${id}-receipt`} label="Receipt number" required error={error}>
        {(control) => (
          <Input {...control} value={receipt} maxLength={RECEIPT_NUMBER_MAX} autoComplete="off" onChange={(e) => setReceipt(e.target.value)} />
        )}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={action.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={action.isPending}>
          {action.isPending ? 'Saving...' : 'Mark paid'}
        </Button>
      </DialogFooter>
    </form>
  );
}
