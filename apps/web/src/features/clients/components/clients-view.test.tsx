import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminClientRow } from '@ops/shared/schemas/admin-clients';
import type { AdminPage } from '@ops/shared/schemas/admin-list';
import { json, mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { ClientsView } from './clients-view.tsx';

function makeClient(overrides: Partial<AdminClientRow> = {}): AdminClientRow {
  return {
    profileId: '7a1c2f4e-0000-4000-8000-000000000001',
    fullName: 'Amina Hassan',
    email: 'amina@example.co.ke',
    phone: '254712000111',
    isCompany: true,
    companyName: 'Hassan Logistics Ltd',
    bookingsCount: 4,
    totalPaid: 12500,
    status: 'active',
    blockedAt: null,
    blockedReason: null,
    createdAt: '2026-11-01T07:00:00.000Z',
    ...overrides,
  };
}

const amina = makeClient();
const brian = makeClient({
  profileId: '7a1c2f4e-0000-4000-8000-000000000002',
  fullName: 'Brian Otieno',
  email: 'brian@example.co.ke',
  phone: null,
  isCompany: false,
  companyName: null,
  bookingsCount: 0,
  totalPaid: 0,
  status: 'blocked',
  blockedAt: '2026-11-20T09:00:00.000Z',
  blockedReason: 'Abusive messages to guards',
  createdAt: '2026-10-05T07:00:00.000Z',
});

const pageOf = (items: AdminClientRow[]): AdminPage<AdminClientRow> => ({ items, total: items.length, page: 1, pageSize: 25 });

function clientsApi(rows: AdminClientRow[], reply: (body: unknown) => Response = () => json({ client: rows[0], endedSessions: 1, releasedHolds: 0 })) {
  return {
    ...signedInAs({ role: 'admin' }),
    'GET /api/admin/clients': () => json(pageOf(rows)),
    [`POST /api/admin/clients/${amina.profileId}/block`]: ({ body }: { body: unknown }) => reply(body),
    [`POST /api/admin/clients/${brian.profileId}/unblock`]: ({ body }: { body: unknown }) => reply(body),
  };
}

const row = (email: string) => screen.getByText(email).closest('tr')!;

describe('the Clients view', () => {
  it('lists each client with company, contact, bookings, total paid, joined day and status', async () => {
    mockFetch(clientsApi([amina, brian]));
    renderWithApp(<ClientsView />, { route: '/admin?view=clients' });

    await screen.findByText('amina@example.co.ke');
    const a = within(row('amina@example.co.ke'));
    expect(a.getByText('Amina Hassan')).toBeInTheDocument();
    expect(a.getByText('Hassan Logistics Ltd')).toBeInTheDocument();
    expect(a.getByText('+254712000111')).toBeInTheDocument();
    expect(a.getByText('4')).toBeInTheDocument();
    expect(a.getByText('KES 12,500')).toBeInTheDocument();
    expect(a.getByText('Nov 01, 2026')).toBeInTheDocument();
    expect(a.getByText('Active')).toBeInTheDocument();
    expect(a.getByRole('button', { name: 'Block Amina Hassan' })).toBeInTheDocument();

    const b = within(row('brian@example.co.ke'));
    expect(b.getByText('Blocked')).toBeInTheDocument();
    expect(b.getByText('Abusive messages to guards')).toBeInTheDocument();
    expect(b.getByText('KES 0')).toBeInTheDocument();
    expect(b.getByRole('button', { name: 'Unblock Brian Otieno' })).toBeInTheDocument();
    expect(b.queryByRole('button', { name: /^Block/ })).not.toBeInTheDocument();
  });

  it('asks the server for a search, a status and a sort, from page 1', async () => {
    const api = mockFetch(clientsApi([amina]));
    const { user } = renderWithApp(<ClientsView />, { route: '/admin?view=clients&page=3' });
    await screen.findByText('amina@example.co.ke');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'blocked');
    await waitFor(() => expect(api.calls('GET', '/api/admin/clients').at(-1)?.query).toMatchObject({ status: 'blocked', page: '1' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search clients' }), 'hassan');
    await waitFor(() => expect(api.calls('GET', '/api/admin/clients').at(-1)?.query).toMatchObject({ q: 'hassan', status: 'blocked' }));
    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(api.calls('GET', '/api/admin/clients').at(-1)?.query).toMatchObject({ sort: 'name', dir: 'asc' }));
  });

  it('blocks a client after a confirmation, with the reason typed, and reads the list again', async () => {
    const api = mockFetch(clientsApi([amina]));
    const { user } = renderWithApp(<ClientsView />, { route: '/admin?view=clients' });

    await screen.findByText('amina@example.co.ke');
    await user.click(screen.getByRole('button', { name: 'Block Amina Hassan' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Block Amina Hassan?' }));
    await user.type(dialog.getByLabelText('Reason (optional)'), 'Repeated no-shows');
    await user.click(dialog.getByRole('button', { name: 'Block client' }));

    expect(await screen.findByText('Client blocked')).toBeInTheDocument();
    expect(api.calls('POST', `/api/admin/clients/${amina.profileId}/block`)[0]?.body).toEqual({ reason: 'Repeated no-shows' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(api.calls('GET', '/api/admin/clients')).toHaveLength(2));
  });

  it('blocks without a reason when none is typed, and Cancel blocks nobody', async () => {
    const api = mockFetch(clientsApi([amina]));
    const { user } = renderWithApp(<ClientsView />, { route: '/admin?view=clients' });

    await screen.findByText('amina@example.co.ke');
    await user.click(screen.getByRole('button', { name: 'Block Amina Hassan' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('POST', `/api/admin/clients/${amina.profileId}/block`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Block Amina Hassan' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Block client' }));
    expect(await screen.findByText('Client blocked')).toBeInTheDocument();
    expect(api.calls('POST', `/api/admin/clients/${amina.profileId}/block`)[0]?.body).toEqual({});
  });

  it('unblocks a blocked client after a confirmation', async () => {
    const api = mockFetch(clientsApi([brian], () => json({ ...brian, status: 'active', blockedAt: null, blockedReason: null })));
    const { user } = renderWithApp(<ClientsView />, { route: '/admin?view=clients' });

    await screen.findByText('brian@example.co.ke');
    await user.click(screen.getByRole('button', { name: 'Unblock Brian Otieno' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Unblock Brian Otieno?' })).getByRole('button', { name: 'Unblock client' }));
    expect(await screen.findByText('Client unblocked')).toBeInTheDocument();
    expect(api.calls('POST', `/api/admin/clients/${brian.profileId}/unblock`)).toHaveLength(1);
  });

  it('says so when the change fails, with the server’s reason, and keeps the dialog open', async () => {
    mockFetch(clientsApi([amina], () => json({ code: 'CONFLICT', message: 'An administrator cannot be blocked.' }, 409)));
    const { user } = renderWithApp(<ClientsView />, { route: '/admin?view=clients' });

    await screen.findByText('amina@example.co.ke');
    await user.click(screen.getByRole('button', { name: 'Block Amina Hassan' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Block client' }));
    expect(await screen.findByText('Failed to update client status')).toBeInTheDocument();
    expect(screen.getByText('An administrator cannot be blocked.')).toBeInTheDocument();
    expect(screen.queryByText('Client blocked')).not.toBeInTheDocument();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('says the list could not be loaded, and loads it again on request', async () => {
    let fail = true;
    mockFetch({
      ...signedInAs({ role: 'admin' }),
      'GET /api/admin/clients': () => (fail ? json({ code: 'INTERNAL', message: 'Boom' }, 500) : json(pageOf([amina]))),
    });
    const { user } = renderWithApp(<ClientsView />, { route: '/admin?view=clients' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch clients data');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('amina@example.co.ke')).toBeInTheDocument();
  });

  it('says when no client matches', async () => {
    mockFetch(clientsApi([]));
    renderWithApp(<ClientsView />, { route: '/admin?view=clients&q=zzz' });
    expect(await screen.findByRole('heading', { name: 'No clients found' })).toBeInTheDocument();
  });
});
