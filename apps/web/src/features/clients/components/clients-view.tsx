import { useMemo, useState } from 'react';
import { ADMIN_CLIENT_STATUS_FILTERS, type AdminClientStatusFilter } from '@ops/shared/schemas/admin-clients';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { useAdminClients } from '../api/get-admin-clients.ts';
import { useAdminListState } from '@/components/console/use-admin-list-state.ts';
import { AdminSearchBox, AdminTable } from '@/components/console/admin-table.tsx';
import { clientColumns } from './client-columns.tsx';
import { ClientStatusDialog, type ClientStatusTarget } from './client-status-dialog.tsx';

export const CLIENTS_LOAD_FAILED = 'Failed to fetch clients data';

const STATUS_LABELS: Record<AdminClientStatusFilter, string> = {
  all: 'All statuses',
  active: 'Active',
  blocked: 'Blocked',
};

/** Every client account, searched, filtered, sorted and paged by the server; blocked and unblocked after a confirmation. */
export function ClientsView() {
  const list = useAdminListState({ defaultSort: 'created', defaultDir: 'desc', filters: { status: 'all' } });
  const clients = useAdminClients(list.apiQuery);
  const [target, setTarget] = useState<ClientStatusTarget | null>(null);

  const columns = useMemo(
    () =>
      clientColumns({
        onBlock: (client) => setTarget({ client, action: 'block' }),
        onUnblock: (client) => setTarget({ client, action: 'unblock' }),
      }),
    [],
  );

  return (
    <>
      <AdminTable
        label="Clients"
        columns={columns}
        state={list}
        data={clients.data}
        stale={clients.isPlaceholderData}
        error={clients.error}
        errorMessage={CLIENTS_LOAD_FAILED}
        onRetry={() => void clients.refetch()}
        getRowId={(c) => c.profileId}
        emptyTitle="No clients found"
        emptyText={
          list.q || list.filters.status !== 'all'
            ? 'No client matches this search and status. Try fewer words or another status.'
            : 'No client has signed up yet.'
        }
        toolbar={
          <>
            <AdminSearchBox state={list} label="Search clients" placeholder="Name, company, e-mail or phone" />
            <div className="grid gap-1.5">
              <Label htmlFor="clients-status">Status</Label>
              <NativeSelect id="clients-status" className="w-40" value={list.filters.status} onChange={(e) => list.setFilter('status', e.target.value)}>
                {ADMIN_CLIENT_STATUS_FILTERS.map((status) => (
                  <option key={status} value={status}>
                    {STATUS_LABELS[status]}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </>
        }
      />
      <ClientStatusDialog target={target} onClose={() => setTarget(null)} />
    </>
  );
}
