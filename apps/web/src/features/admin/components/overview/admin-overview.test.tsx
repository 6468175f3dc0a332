import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addDaysToDate, nairobiDate } from '@ops/shared/domain/nairobi-time';
import type { AdminOverviewDto } from '@ops/shared/schemas/admin';
import { json, mockFetch, pending, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { AdminOverview } from './admin-overview.tsx';

const today = nairobiDate(new Date());

function makeOverview(overrides: Partial<AdminOverviewDto> = {}): AdminOverviewDto {
  return {
    stats: {
      totalGuards: 42,
      approvedGuards: 30,
      pendingApprovals: 7,
      totalClients: 118,
      activeBookings: 9,
      completedBookings: 214,
      monthlyRevenue: 1_234_000,
      lateCancellations: 3,
    },
    revenueByWeek: Array.from({ length: 12 }, (_, i) => ({ weekStart: addDaysToDate('2026-09-07', i * 7), revenue: (i + 1) * 10_000 })),
    attention: {
      pendingGuards: [{ profileId: 'g-1', fullName: 'Peter Otieno', createdAt: new Date().toISOString() }],
      credentials: [
        { profileId: 'g-2', fullName: 'Grace Akinyi', credential: 'psra_licence', expiresOn: addDaysToDate(today, -3), state: 'expired' },
        { profileId: 'g-3', fullName: 'John Kamau', credential: 'police_clearance', expiresOn: addDaysToDate(today, 12), state: 'expiring' },
      ],
      unstaffedBookings: [
        { id: 'b-1', reference: 'BK-7Q2M', startTime: '2026-12-01T06:00:00.000Z', serviceLabel: 'Manned Guarding', clientName: 'Acme Ltd' },
      ],
      totals: { pendingGuards: 11, credentials: 2, unstaffedBookings: 1 },
    },
    ...overrides,
  };
}

const api = (reply: () => Response | Promise<Response>) => ({ ...signedInAs({ role: 'admin' }), 'GET /api/admin/overview': reply });
const group = (name: string) => within(screen.getByRole('region', { name }));

describe('the admin overview', () => {
  it('shows a skeleton while the figures load', () => {
    mockFetch(api(() => pending()));
    renderWithApp(<AdminOverview />, { route: '/admin' });

    expect(screen.getByRole('status', { name: 'Loading dashboard' })).toBeInTheDocument();
  });

  it('shows the eight figures, revenue in KES', async () => {
    mockFetch(api(() => json(makeOverview())));
    renderWithApp(<AdminOverview />, { route: '/admin' });

    expect(await screen.findByRole('group', { name: 'Total Guards' })).toHaveTextContent('42');
    expect(screen.getByRole('group', { name: 'Approved Guards' })).toHaveTextContent('30');
    expect(screen.getByRole('group', { name: 'Pending Approvals' })).toHaveTextContent('7');
    expect(screen.getByRole('group', { name: 'Total Clients' })).toHaveTextContent('118');
    expect(screen.getByRole('group', { name: 'Active Bookings' })).toHaveTextContent('9');
    expect(screen.getByRole('group', { name: 'Completed Bookings' })).toHaveTextContent('214');
    expect(screen.getByRole('group', { name: 'Monthly Revenue' })).toHaveTextContent('KES 1,234,000');
    expect(screen.getByRole('group', { name: 'Late Cancellations (month)' })).toHaveTextContent('3');
  });

  it('gives the twelve weeks of revenue in a table a screen reader reads', async () => {
    mockFetch(api(() => json(makeOverview())));
    renderWithApp(<AdminOverview />, { route: '/admin' });

    const table = await screen.findByRole('table', { name: 'Revenue by week' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(rows[1]).toHaveTextContent('Sep 7KES 10,000');
    expect(rows[12]).toHaveTextContent('Nov 23KES 120,000');
    expect(screen.getByRole('region', { name: 'Revenue, last 12 weeks' })).toHaveTextContent('KES 780,000');
  });

  it('lists what needs attention with each total, and links pending guards to Officer Onboarding', async () => {
    mockFetch(api(() => json(makeOverview())));
    renderWithApp(<AdminOverview />, { route: '/admin' });

    const pendingGuards = within(await screen.findByRole('region', { name: 'Waiting for approval' }));
    expect(pendingGuards.getByText('Total:').parentElement).toHaveTextContent('11');
    expect(pendingGuards.getByText('Peter Otieno')).toBeInTheDocument();
    expect(pendingGuards.getByText('and 10 more')).toBeInTheDocument();
    expect(pendingGuards.getByRole('link', { name: 'Review in Officer Onboarding' })).toHaveAttribute('href', '/admin?view=onboarding&tab=pending');

    const credentials = group('Licence or clearance');
    expect(within(credentials.getByText('Grace Akinyi').closest('li')!).getByText('Expired')).toBeInTheDocument();
    expect(within(credentials.getByText('John Kamau').closest('li')!).getByText('Expires in 12 days')).toBeInTheDocument();

    const bookings = group('Paid, still lacking guards');
    expect(bookings.getByRole('link', { name: 'Staff booking BK-7Q2M' })).toHaveAttribute('href', '/admin?view=bookings&q=BK-7Q2M');
    expect(bookings.getByText('Acme Ltd')).toBeInTheDocument();
    expect(bookings.getByText('Tue, Dec 1, 2026, 9:00 AM · Manned Guarding')).toBeInTheDocument();
  });

  it('says when nothing needs attention', async () => {
    const calm = makeOverview();
    calm.attention = {
      pendingGuards: [],
      credentials: [],
      unstaffedBookings: [],
      totals: { pendingGuards: 0, credentials: 0, unstaffedBookings: 0 },
    };
    mockFetch(api(() => json(calm)));
    renderWithApp(<AdminOverview />, { route: '/admin' });

    expect(await screen.findAllByText('Nothing needs attention')).toHaveLength(3);
    expect(screen.queryByRole('link', { name: 'Review in Officer Onboarding' })).not.toBeInTheDocument();
  });

  it('shows an error card and a toast when the figures fail to load', async () => {
    mockFetch(api(() => json({ code: 'INTERNAL_ERROR', message: 'Database unavailable' }, 500)));
    renderWithApp(<AdminOverview />, { route: '/admin' });

    const card = await screen.findByRole('alert');
    expect(card).toHaveTextContent('Failed to load dashboard data');
    expect(card).toHaveTextContent('Database unavailable');
    expect(within(card).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    const toast = await screen.findByRole('listitem');
    expect(within(toast).getByText('Error')).toBeInTheDocument();
    expect(within(toast).getByText('Failed to load dashboard data')).toBeInTheDocument();
  });
});
