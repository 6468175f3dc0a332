import { useMemo, useState } from 'react';
import { nairobiDate } from '@ops/shared/domain/nairobi-time';
import { ADMIN_GUARD_STATUS_FILTERS, type AdminGuardRow, type AdminGuardStatusFilter } from '@ops/shared/schemas/admin';
import { Button } from '@/components/ui/button.tsx';
import { notifyError, notifySuccess } from '@/lib/notify.ts';
import { useAdminListState } from '@/components/console/use-admin-list-state.ts';
import { SearchAndStatus } from '@/components/console/admin-filters.tsx';
import { AdminTable, fromQuery } from '@/components/console/admin-table.tsx';
import { useAdminGuards } from '../../api/get-admin-guards.ts';
import { useSetGuardApproval } from '../../api/set-guard-approval.ts';
import { GuardProfileDialog, type GuardProfileTarget } from './guard-profile-dialog.tsx';
import { guardColumns } from './guard-columns.tsx';

export const GUARDS_LOAD_FAILED = 'Failed to fetch guards data';
export const GUARD_APPROVED = 'Guard approved successfully';
export const GUARD_STATUS_UPDATED = 'Guard status updated';
export const GUARD_APPROVE_FAILED = 'Failed to approve guard';
export const GUARD_UPDATE_FAILED = 'Failed to update guard status';

const STATUS_LABELS: Record<AdminGuardStatusFilter, string> = {
  all: 'All statuses',
  approved: 'Approved',
  pending: 'Pending',
  rejected: 'Rejected',
};

/** Every guard, searched, filtered, sorted and paged by the server; approval set and unset freely. */
export function GuardsView() {
  const list = useAdminListState({ defaultSort: 'created', defaultDir: 'desc', filters: { status: 'all' } });
  const guards = useAdminGuards(list.apiQuery);
  const approval = useSetGuardApproval();
  const [viewing, setViewing] = useState<GuardProfileTarget | null>(null);
  const today = nairobiDate(new Date());

  const decide = (guard: Pick<AdminGuardRow, 'profileId'>, approved: boolean) =>
    approval.mutate(
      { profileId: guard.profileId, approved },
      {
        onSuccess: () => notifySuccess(approved ? GUARD_APPROVED : GUARD_STATUS_UPDATED),
        onError: () => notifyError(approved ? GUARD_APPROVE_FAILED : GUARD_UPDATE_FAILED),
      },
    );
  const busyId = approval.isPending ? (approval.variables?.profileId ?? null) : null;

  const columns = useMemo(
    () => guardColumns({ today, busyId, onView: setViewing, onApproval: decide }),
    // decide reads only the mutation, which keeps its identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [today, busyId],
  );

  return (
    <>
      <AdminTable
        label="Guards"
        columns={columns}
        state={list}
        {...fromQuery(guards)}
        errorMessage={GUARDS_LOAD_FAILED}
        getRowId={(g) => g.profileId}
        emptyTitle="No guards found"
        emptyText={
          list.q || list.filters.status !== 'all'
            ? 'No guard matches this search and status. Try fewer words or another status.'
            : 'No guard has signed up yet.'
        }
        toolbar={
          <SearchAndStatus
            list={list}
            searchLabel="Search guards"
            placeholder="Name, e-mail, phone or specialization"
            statusId="guards-status"
            statuses={ADMIN_GUARD_STATUS_FILTERS}
            statusLabels={STATUS_LABELS}
          />
        }
      />
      <GuardProfileDialog
        guard={viewing}
        onClose={() => setViewing(null)}
        actions={(guard) => (
          <Button variant={guard.approved ? 'outline' : 'default'} disabled={busyId === guard.profileId} onClick={() => decide(guard, !guard.approved)}>
            {guard.approved ? 'Unapprove' : 'Approve'}
          </Button>
        )}
      />
    </>
  );
}
