import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminGuardRow } from '@ops/shared/schemas/admin';
import { json, mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { pageOf } from '@/test/console-fixtures.ts';
import { makeGuardDetail, makeGuardRow } from '../../test/guard-fixtures.ts';
import { GuardsView } from './guards-view.tsx';

const pendingGuard = makeGuardRow();
const approvedGuard = makeGuardRow({
  profileId: '5d7c2f4e-0000-4000-8000-000000000002',
  fullName: 'Mary Achieng',
  email: 'mary@example.co.ke',
  status: 'approved',
  approved: true,
  credentialsValidUntil: null,
});
const rejectedGuard = makeGuardRow({
  profileId: '5d7c2f4e-0000-4000-8000-000000000003',
  fullName: 'Tom Kiprop',
  email: 'tom@example.co.ke',
  status: 'rejected',
  credentialsValidUntil: '2020-01-31',
  averageRating: null,
  reviewCount: 0,
});

function guardsApi(rows: AdminGuardRow[], approval: (body: unknown) => Response = () => json(rows[0])) {
  return {
    ...signedInAs({ role: 'admin' }),
    'GET /api/admin/guards': () => json(pageOf(rows)),
    [`PUT /api/admin/guards/${pendingGuard.profileId}/approval`]: ({ body }: { body: unknown }) => approval(body),
    [`PUT /api/admin/guards/${approvedGuard.profileId}/approval`]: ({ body }: { body: unknown }) => approval(body),
  };
}

const row = (email: string) => screen.getByText(email).closest('tr')!;

describe('the Guards view', () => {
  it('lists each guard with contact, rate, status, credentials and rating', async () => {
    mockFetch(guardsApi([pendingGuard, approvedGuard, rejectedGuard]));
    renderWithApp(<GuardsView />, { route: '/admin?view=guards' });

    await screen.findByText('peter@example.co.ke');
    const peter = within(row('peter@example.co.ke'));
    expect(row('peter@example.co.ke')).toHaveTextContent(/^PWPeter Wanyama/);
    expect(peter.getByText('+254711000111')).toBeInTheDocument();
    expect(peter.getByText('Close protection')).toBeInTheDocument();
    expect(peter.getByText('6 years')).toBeInTheDocument();
    expect(peter.getByText('KES 1,500/hr')).toBeInTheDocument();
    expect(peter.getByText('Pending')).toBeInTheDocument();
    expect(peter.getByText('Valid until Jun 30, 2099')).toBeInTheDocument();
    expect(within(row('mary@example.co.ke')).getByText('Approved')).toBeInTheDocument();
    expect(within(row('mary@example.co.ke')).getByText('Missing')).toBeInTheDocument();
    expect(within(row('tom@example.co.ke')).getByText('Rejected')).toBeInTheDocument();
    expect(within(row('tom@example.co.ke')).getByText('Expired')).toBeInTheDocument();
    expect(within(row('tom@example.co.ke')).getByText('No reviews')).toBeInTheDocument();
  });

  it('filters by status from page 1 and asks the server for it', async () => {
    const api = mockFetch(guardsApi([pendingGuard]));
    const { user } = renderWithApp(<GuardsView />, { route: '/admin?view=guards&page=3' });
    await screen.findByText('peter@example.co.ke');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'rejected');
    await waitFor(() => expect(api.calls('GET', '/api/admin/guards').at(-1)?.query).toMatchObject({ status: 'rejected', page: '1' }));
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\/admin\?view=guards&status=rejected$/);
  });

  it('approves a pending guard and reads the list again', async () => {
    const api = mockFetch(guardsApi([pendingGuard]));
    const { user } = renderWithApp(<GuardsView />, { route: '/admin?view=guards' });

    await screen.findByText(/@example\.co\.ke/);
    await user.click(screen.getByRole('button', { name: 'Approve Peter Wanyama' }));
    expect(await screen.findByText('Guard approved successfully')).toBeInTheDocument();
    expect(api.calls('PUT', `/api/admin/guards/${pendingGuard.profileId}/approval`)[0]?.body).toEqual({ approved: true });
    await waitFor(() => expect(api.calls('GET', '/api/admin/guards')).toHaveLength(2));
  });

  it('unapproves an approved guard', async () => {
    const api = mockFetch(guardsApi([approvedGuard]));
    const { user } = renderWithApp(<GuardsView />, { route: '/admin?view=guards' });

    await screen.findByText(/@example\.co\.ke/);
    await user.click(screen.getByRole('button', { name: 'Unapprove Mary Achieng' }));
    expect(await screen.findByText('Guard status updated')).toBeInTheDocument();
    expect(api.calls('PUT', `/api/admin/guards/${approvedGuard.profileId}/approval`)[0]?.body).toEqual({ approved: false });
  });

  it('says so when approving fails', async () => {
    mockFetch(guardsApi([pendingGuard], () => json({ code: 'INTERNAL', message: 'Boom' }, 500)));
    const { user } = renderWithApp(<GuardsView />, { route: '/admin?view=guards' });

    await screen.findByText(/@example\.co\.ke/);
    await user.click(screen.getByRole('button', { name: 'Approve Peter Wanyama' }));
    expect(await screen.findByText('Failed to approve guard')).toBeInTheDocument();
    expect(screen.queryByText('Guard approved successfully')).not.toBeInTheDocument();
  });

  it('says so when unapproving fails', async () => {
    mockFetch(guardsApi([approvedGuard], () => json({ code: 'INTERNAL', message: 'Boom' }, 500)));
    const { user } = renderWithApp(<GuardsView />, { route: '/admin?view=guards' });

    await screen.findByText(/@example\.co\.ke/);
    await user.click(screen.getByRole('button', { name: 'Unapprove Mary Achieng' }));
    expect(await screen.findByText('Failed to update guard status')).toBeInTheDocument();
  });

  it('says the list could not be loaded, and loads it again on request', async () => {
    let fail = true;
    mockFetch({
      ...signedInAs({ role: 'admin' }),
      'GET /api/admin/guards': () => (fail ? json({ code: 'INTERNAL', message: 'Boom' }, 500) : json(pageOf([pendingGuard]))),
    });
    const { user } = renderWithApp(<GuardsView />, { route: '/admin?view=guards' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch guards data');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('peter@example.co.ke')).toBeInTheDocument();
  });

  it('says when no guard matches', async () => {
    mockFetch(guardsApi([]));
    renderWithApp(<GuardsView />, { route: '/admin?view=guards&q=zzz' });
    expect(await screen.findByRole('heading', { name: 'No guards found' })).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  });

  it('opens the profile with documents that open in a new tab, and approves from it', async () => {
    const api = mockFetch({
      ...guardsApi([pendingGuard]),
      [`GET /api/admin/guards/${pendingGuard.profileId}`]: () => json(makeGuardDetail()),
    });
    const { user } = renderWithApp(<GuardsView />, { route: '/admin?view=guards' });

    await screen.findByText(/@example\.co\.ke/);
    await user.click(screen.getByRole('button', { name: 'View Peter Wanyama' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Peter Wanyama' }));
    expect(await dialog.findByText('Former police officer, ten years in VIP protection.')).toBeInTheDocument();
    expect(dialog.getByText('Defensive driving')).toBeInTheDocument();
    expect(dialog.getByText('KES 1,500 per hour · KES 12,000 per day')).toBeInTheDocument();
    expect(dialog.getByText('No. PSRA/123 · Valid until Jun 30, 2099')).toBeInTheDocument();
    expect(dialog.getByText(/Documents verified/).closest('li')).toHaveTextContent('Documents verified: done');
    const open = dialog.getByRole('link', { name: 'Open CV in a new tab' });
    expect(open).toHaveAttribute('href', '/api/guard-documents/doc-1?disposition=inline');
    expect(open).toHaveAttribute('target', '_blank');

    await user.click(dialog.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Guard approved successfully')).toBeInTheDocument();
    expect(api.calls('PUT', `/api/admin/guards/${pendingGuard.profileId}/approval`)).toHaveLength(1);
  });
});

describe('a link to a page past the end', () => {
  it('offers the first page', async () => {
    const api = mockFetch({
      ...signedInAs({ role: 'admin' }),
      'GET /api/admin/guards': ({ query }) => json(pageOf(query.page === '9' ? [] : [pendingGuard], { total: 1 })),
    });
    const { user } = renderWithApp(<GuardsView />, { route: '/admin?view=guards&page=9' });

    expect(await screen.findByRole('heading', { name: 'No guards found' })).toBeInTheDocument();
    expect(screen.getByText('Page 9 of 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to page 1' }));
    expect(await screen.findByText('peter@example.co.ke')).toBeInTheDocument();
    expect(api.calls('GET', '/api/admin/guards').at(-1)?.query).toMatchObject({ page: '1' });
  });
});
