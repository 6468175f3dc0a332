import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RoleHolderRow } from '@ops/shared/schemas/admin-roles';
import { json, mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { RolesCard } from './roles-card.tsx';

function person(overrides: Partial<RoleHolderRow>): RoleHolderRow {
  return {
    profileId: '9b1c2f4e-0000-4000-8000-000000000000',
    fullName: 'Someone',
    email: 'someone@example.co.ke',
    role: 'client',
    isCompany: false,
    blocked: false,
    createdAt: '2026-11-01T07:00:00.000Z',
    ...overrides,
  };
}

const me = person({ profileId: 'admin-me', fullName: 'Grace Admin', email: 'admin@opssecurity.co.ke', role: 'admin' });
const otherAdmin = person({ profileId: 'admin-2', fullName: 'Joseph Mwangi', email: 'joseph@opssecurity.co.ke', role: 'admin' });
const partner = person({ profileId: 'partner-1', fullName: 'Esther Partner', email: 'partner@ebssa.co.ke', role: 'partner' });
const client = person({ profileId: 'client-1', fullName: 'Jane Wanjiru', email: 'jane@example.co.ke' });
const guard = person({ profileId: 'guard-1', fullName: 'Jane Guard', email: 'jane.guard@example.co.ke', role: 'guard' });
const company = person({ profileId: 'client-2', fullName: 'Jane Company', email: 'ops@janeco.co.ke', isCompany: true });

function rolesApi(put: (request: { path: string; body: unknown }) => Response = ({ body }) => json({ ...client, ...(body as object) })) {
  return {
    ...signedInAs({ id: me.profileId, role: 'admin', fullName: me.fullName }),
    'GET /api/admin/roles': () => json({ items: [me, otherAdmin, partner] }),
    'GET /api/admin/roles/people': () => json({ items: [client, guard, company] }),
    [`PUT /api/admin/roles/${client.profileId}`]: put,
    [`PUT /api/admin/roles/${otherAdmin.profileId}`]: put,
    [`PUT /api/admin/roles/${partner.profileId}`]: put,
  };
}

const holders = () => screen.findByRole('list', { name: 'Admins and partners' });
const entry = (list: HTMLElement, email: string) => within(within(list).getByText(email).closest('li') as HTMLElement);

describe('Role management', () => {
  it('lists the admins and partners with the changes offered, none for yourself', async () => {
    mockFetch(rolesApi());
    renderWithApp(<RolesCard />, { route: '/admin?view=settings' });

    expect(screen.getByRole('heading', { name: 'Role management' })).toBeInTheDocument();
    const list = await holders();
    const mine = entry(list, me.email);
    expect(mine.getByText('(you)')).toBeInTheDocument();
    expect(mine.queryAllByRole('button')).toEqual([]);
    const joseph = entry(list, otherAdmin.email);
    expect(joseph.getByRole('button', { name: 'Remove admin role for Joseph Mwangi' })).toBeInTheDocument();
    expect(joseph.getByRole('button', { name: 'Make partner for Joseph Mwangi' })).toBeInTheDocument();
    const esther = entry(list, partner.email);
    expect(esther.getByText('Partner')).toBeInTheDocument();
    expect(esther.getByRole('button', { name: 'Make admin for Esther Partner' })).toBeInTheDocument();
    expect(esther.getByRole('button', { name: 'Remove partner role for Esther Partner' })).toBeInTheDocument();
  });

  it('finds people from three characters on and offers guards and companies nothing they cannot have', async () => {
    const api = mockFetch(rolesApi());
    const { user } = renderWithApp(<RolesCard />, { route: '/admin?view=settings' });
    await holders();

    await user.type(screen.getByRole('searchbox', { name: 'Find a person' }), 'ja');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(api.calls('GET', '/api/admin/roles/people')).toHaveLength(0);

    await user.type(screen.getByRole('searchbox', { name: 'Find a person' }), 'n');
    const found = await screen.findByRole('list', { name: 'People found' });
    expect(api.calls('GET', '/api/admin/roles/people').at(-1)?.query).toEqual({ q: 'jan' });
    const jane = entry(found, client.email);
    expect(jane.getByRole('button', { name: 'Make admin for Jane Wanjiru' })).toBeInTheDocument();
    expect(jane.getByRole('button', { name: 'Make partner for Jane Wanjiru' })).toBeInTheDocument();
    expect(entry(found, guard.email).queryAllByRole('button')).toEqual([]);
    expect(entry(found, company.email).queryAllByRole('button')).toEqual([]);
  });

  it('makes someone an admin after a confirmation and reads the list again', async () => {
    const api = mockFetch(rolesApi());
    const { user } = renderWithApp(<RolesCard />, { route: '/admin?view=settings' });
    await holders();
    await user.type(screen.getByRole('searchbox', { name: 'Find a person' }), 'jane');
    await user.click(await screen.findByRole('button', { name: 'Make admin for Jane Wanjiru' }));

    const dialog = within(await screen.findByRole('alertdialog', { name: 'Make Jane Wanjiru an admin?' }));
    expect(api.calls('PUT', `/api/admin/roles/${client.profileId}`)).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Role updated')).toBeInTheDocument();
    expect(screen.getByText('Jane Wanjiru is now an admin.')).toBeInTheDocument();
    expect(api.calls('PUT', `/api/admin/roles/${client.profileId}`)[0]?.body).toEqual({ role: 'admin' });
    await waitFor(() => expect(api.calls('GET', '/api/admin/roles')).toHaveLength(2));
  });

  it('takes a partner role back (the person becomes a client), and Cancel changes nothing', async () => {
    const api = mockFetch(rolesApi());
    const { user } = renderWithApp(<RolesCard />, { route: '/admin?view=settings' });
    await holders();

    await user.click(screen.getByRole('button', { name: 'Remove partner role for Esther Partner' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('PUT', `/api/admin/roles/${partner.profileId}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove partner role for Esther Partner' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Remove Esther Partner’s partner role?' }));
    expect(dialog.getByText('They become a client and lose the partner portal at once.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Esther Partner is now a client.')).toBeInTheDocument();
    expect(api.calls('PUT', `/api/admin/roles/${partner.profileId}`)[0]?.body).toEqual({ role: 'client' });
  });

  it('shows the server’s refusal, such as keeping the last admin', async () => {
    mockFetch(rolesApi(() => json({ code: 'CONFLICT', message: 'There must always be at least one administrator.' }, 409)));
    const { user } = renderWithApp(<RolesCard />, { route: '/admin?view=settings' });
    await holders();

    await user.click(screen.getByRole('button', { name: 'Remove admin role for Joseph Mwangi' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Failed to update role')).toBeInTheDocument();
    expect(screen.getByText('There must always be at least one administrator.')).toBeInTheDocument();
    expect(screen.queryByText('Role updated')).not.toBeInTheDocument();
  });

  it('says the list could not be loaded, and loads it again on request', async () => {
    let fail = true;
    mockFetch({
      ...signedInAs({ id: me.profileId, role: 'admin' }),
      'GET /api/admin/roles': () => (fail ? json({ code: 'INTERNAL', message: 'Boom' }, 500) : json({ items: [me] })),
    });
    const { user } = renderWithApp(<RolesCard />, { route: '/admin?view=settings' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load the admins and partners');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(me.email)).toBeInTheDocument();
  });
});
