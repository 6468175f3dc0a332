import { useMemo, useState } from 'react';
import { ADMIN_CLIENT_STATUS_FILTERS, type AdminClientStatusFilter } from '@ops/shared/schemas/admin-clients';
import { useAdminListState } from '@/components/console/use-admin-list-state.ts';
import { SearchAndStatus } from '@/components/console/admin-filters.tsx';
import { AdminTable, fromQuery } from '@/components/console/admin-table.tsx';
import { useAdminClients } from '../api/get-admin-clients.ts';
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
        {...fromQuery(clients)}
        errorMessage={CLIENTS_LOAD_FAILED}
        getRowId={(c) => c.profileId}
        emptyTitle="No clients found"
        emptyText={
          list.q || list.filters.status !== 'all'
            ? 'No client matches this search and status. Try fewer words or another status.'
            : 'No client has signed up yet.'
        }
        toolbar={
          <SearchAndStatus
            list={list}
            searchLabel="Search clients"
            placeholder="Name, company, e-mail or phone"
            statusId="clients-status"
            statuses={ADMIN_CLIENT_STATUS_FILTERS}
            statusLabels={STATUS_LABELS}
          />
        }
      />
      <ClientStatusDialog target={target} onClose={() => setTarget(null)} />
    </>
  );
}
