import { useMemo, useState } from 'react';
import type { EnrollmentConsoleAction } from '@ops/shared/domain/enrollment-status';
import { formatKes } from '@ops/shared/money';
import { TRAINING_TEXTS } from '@ops/shared/schemas/admin-training';
import { ADMIN_ENROLLMENT_STATUS_FILTERS, type AdminEnrollmentRow, type EnrollmentCancelResult } from '@ops/shared/schemas/admin-enrollments';
import { FilterSelect } from '@/components/console/admin-filters.tsx';
import { AdminSearchBox } from '@/components/console/admin-search-box.tsx';
import { AdminTable, fromQuery } from '@/components/console/admin-table.tsx';
import { useAdminListState } from '@/components/console/use-admin-list-state.ts';
import { formatDay } from '@/lib/format-console-date.ts';
import { messageFrom, notifyError, notifySuccess } from '@/lib/notify.ts';
import { useEnrollmentAction } from '../../../api/act-on-enrollment.ts';
import { useCancelEnrollment } from '../../../api/cancel-enrollment.ts';
import { useAdminEnrollments } from '../../../api/get-admin-enrollments.ts';
import { useCohorts } from '../../../api/get-cohorts.ts';
import { CashPaidDialog } from './cash-paid-dialog.tsx';
import { ApproveEnrollmentDialog, CancelEnrollmentDialog, RejectEnrollmentDialog } from './enrollment-dialogs.tsx';
import { enrollmentColumns, statusLabel } from './enrollment-columns.tsx';

export const ENROLLMENTS_LOAD_FAILED = 'Failed to fetch enrollments';

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
        {...fromQuery(enrollments)}
        errorMessage={ENROLLMENTS_LOAD_FAILED}
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
