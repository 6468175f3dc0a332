import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { booking, clientApi, pageOf } from '@/test/dashboard-fixtures.ts';
import { makeBooking } from '@/test/factories.ts';
import { json, mockFetch, pending, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { DashboardPage } from './dashboard.tsx';

describe('the dashboard', () => {
  it('shows only a spinner while the session is read', () => {
    mockFetch({ 'GET /api/me': () => pending() });
    renderWithApp(<DashboardPage />, { route: '/dashboard' });

    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByText('Please Sign In')).not.toBeInTheDocument();
  });

  it('asks visitors to sign in', async () => {
    mockFetch();
    renderWithApp(<DashboardPage />, { route: '/dashboard' });

    expect(await screen.findByRole('heading', { name: 'Please Sign In' })).toBeInTheDocument();
    expect(screen.getByText('You need to sign in to view your dashboard.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', `/auth?redirect=${encodeURIComponent('/dashboard')}`);
  });

  it('sends partners to their portal', async () => {
    mockFetch(signedInAs({ role: 'partner' }));
    renderWithApp(<DashboardPage />, {
      route: '/dashboard',
      pages: { '/partner-dashboard': <h1>Partner Portal page</h1> },
    });

    expect(await screen.findByRole('heading', { name: 'Partner Portal page' })).toBeInTheDocument();
  });

  it('greets a client by name and shows their figures', async () => {
    const api = mockFetch(clientApi());
    renderWithApp(<DashboardPage />, { route: '/client-dashboard' });

    expect(await screen.findByRole('heading', { name: 'Client Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Jane Wanjiru')).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Total Spent' })).toHaveTextContent('KES 45,600');
    expect(screen.getByRole('group', { name: 'Total Bookings' })).toHaveTextContent('5');
    expect(screen.getByRole('group', { name: 'Active Bookings' })).toHaveTextContent('2');
    expect(screen.getByRole('group', { name: 'Completed' })).toHaveTextContent('3');
    expect(api.calls('GET', '/api/bookings/stats')).toHaveLength(1);
  });

  it('suggests the first six guards to a client, with a link to all of them', async () => {
    const api = mockFetch(clientApi());
    renderWithApp(<DashboardPage />, { route: '/dashboard' });

    const section = within(await screen.findByRole('region', { name: 'Available Security Guards' }));
    expect(await section.findByRole('article', { name: 'Amina Hassan' })).toBeInTheDocument();
    expect(section.getAllByRole('link', { name: 'Book Now' })).toHaveLength(2);
    expect(section.getByRole('link', { name: 'View All Guards' })).toHaveAttribute('href', '/guards');
    expect(api.calls('GET', '/api/guards')[0]?.query).toEqual({ pageSize: '6' });
  });

  it('lists a client’s recent bookings with their details in Nairobi time', async () => {
    const api = mockFetch(clientApi());
    renderWithApp(<DashboardPage />, { route: '/dashboard' });

    expect(await screen.findByText('Your security guard bookings')).toBeInTheDocument();
    const item = within(await screen.findByRole('article', { name: /OPS-2026-0001/ }));
    expect(item.getByRole('heading', { name: 'Personal Guard' })).toBeInTheDocument();
    expect(item.getByText('Sun, Nov 22, 2026, 9:00 AM')).toBeInTheDocument();
    expect(item.getByText(/6 hours/)).toBeInTheDocument();
    expect(item.getByText('Karen — Karen Road 12')).toBeInTheDocument();
    expect(item.getByText('2 guards')).toBeInTheDocument();
    expect(item.getByText('KES 14,400')).toBeInTheDocument();
    expect(item.getByText('Guard: Otieno Kamau')).toBeInTheDocument();
    expect(item.getByText('Confirmed')).toBeInTheDocument();
    expect(item.getByText('Paid')).toBeInTheDocument();
    expect(api.calls('GET', '/api/bookings')[0]?.query).toEqual({ limit: '10' });
  });

  it('shows a pending booking that is unpaid, or whose payment failed, as Pending Payment', async () => {
    mockFetch(
      clientApi([
        makeBooking({ id: 'b1', reference: 'OPS-1', status: 'pending', paymentStatus: 'unpaid' }),
        makeBooking({ id: 'b2', reference: 'OPS-2', status: 'pending', paymentStatus: 'failed' }),
        makeBooking({ id: 'b3', reference: 'OPS-3', status: 'pending', paymentStatus: 'pending' }),
        makeBooking({ id: 'b4', reference: 'OPS-4', status: 'cancelled', paymentStatus: 'refunded', guard: null }),
        makeBooking({ id: 'b5', reference: 'OPS-5', status: 'completed', paymentStatus: 'paid' }),
      ]),
    );
    renderWithApp(<DashboardPage />, { route: '/dashboard' });
    await screen.findByRole('article', { name: /OPS-1/ });

    expect(within(booking('OPS-1')).getByText('Pending Payment')).toBeInTheDocument();
    expect(within(booking('OPS-1')).getByText('Unpaid')).toBeInTheDocument();
    expect(within(booking('OPS-2')).getByText('Pending Payment')).toBeInTheDocument();
    expect(within(booking('OPS-2')).getByText('Payment Failed')).toBeInTheDocument();
    expect(within(booking('OPS-3')).getByText('Pending Payment')).toBeInTheDocument();
    expect(within(booking('OPS-3')).getByText('Payment Pending')).toBeInTheDocument();
    expect(within(booking('OPS-4')).getByText('Cancelled')).toBeInTheDocument();
    expect(within(booking('OPS-4')).getByText('Refunded')).toBeInTheDocument();
    expect(within(booking('OPS-4')).getByText('Guard: To be assigned')).toBeInTheDocument();
    expect(within(booking('OPS-5')).getByText('Completed')).toBeInTheDocument();
  });

  it('offers Browse Guards to a client without bookings', async () => {
    mockFetch(clientApi([]));
    renderWithApp(<DashboardPage />, { route: '/dashboard' });

    expect(await screen.findByRole('heading', { name: 'No Bookings Yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Guards' })).toHaveAttribute('href', '/guards');
  });

  it('says so in an error toast when the bookings fail to load', async () => {
    mockFetch(clientApi(() => json({ code: 'INTERNAL_ERROR', message: 'Boom' }, 500)));
    renderWithApp(<DashboardPage />, { route: '/dashboard' });

    const message = await screen.findByText('Failed to load bookings');
    expect(within(message.closest('li')!).getByText('Error')).toBeInTheDocument();
  });

  it('shows a guard their assigned jobs with the client’s or company’s name, and no client figures', async () => {
    const api = mockFetch({
      ...signedInAs({ role: 'guard', fullName: 'Otieno Kamau' }),
      'GET /api/bookings': () =>
        json(
          pageOf([
            makeBooking({ id: 'b1', reference: 'OPS-1', client: { ...makeBooking().client!, phone: '254712345678' } }),
            makeBooking({
              id: 'b2',
              reference: 'OPS-2',
              client: { profileId: 'c2', fullName: 'Peter Mwangi', avatarUrl: null, isCompany: true, companyName: 'Acme Ltd', phone: null },
            }),
            // Not paid yet, and cancelled: the server sends the area alone.
            makeBooking({ id: 'b3', reference: 'OPS-3', status: 'pending', paymentStatus: 'unpaid', address: null, client: null }),
            makeBooking({ id: 'b4', reference: 'OPS-4', status: 'cancelled', paymentStatus: 'refunded', address: null, client: null }),
          ]),
        ),
    });
    renderWithApp(<DashboardPage />, { route: '/guard-dashboard' });

    expect(await screen.findByRole('heading', { name: 'Guard Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Otieno Kamau')).toBeInTheDocument();
    expect(screen.getByText('Your assigned security jobs')).toBeInTheDocument();
    await screen.findByRole('article', { name: /OPS-1/ });
    expect(within(booking('OPS-1')).getByText('Client: Jane Wanjiru')).toBeInTheDocument();
    expect(within(booking('OPS-2')).getByText('Client: Acme Ltd')).toBeInTheDocument();
    expect(within(booking('OPS-1')).getByRole('link', { name: '+254 712 345 678' })).toHaveAttribute('href', 'tel:+254712345678');
    expect(within(booking('OPS-1')).getByText('Karen — Karen Road 12')).toBeInTheDocument();
    expect(within(booking('OPS-3')).getByText('Client: Shown once the booking is paid')).toBeInTheDocument();
    expect(within(booking('OPS-3')).getByText('Karen')).toBeInTheDocument();
    expect(within(booking('OPS-3')).queryByRole('link')).not.toBeInTheDocument();
    expect(within(booking('OPS-4')).getByText('Client: Not shown for a cancelled job')).toBeInTheDocument();
    expect(screen.queryByText('Total Spent')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Available Security Guards' })).not.toBeInTheDocument();
    expect(api.calls('GET', '/api/bookings/stats')).toHaveLength(0);
    expect(api.calls('GET', '/api/guards')).toHaveLength(0);
  });

  it('sends an admin to the admin console for bookings, asking the server for none', async () => {
    const api = mockFetch(signedInAs({ role: 'admin', fullName: 'Wambui Admin' }));
    renderWithApp(<DashboardPage />, { route: '/dashboard' });

    expect(await screen.findByRole('link', { name: 'Open Admin Console' })).toHaveAttribute('href', '/admin');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Dashboard$/);
    expect(screen.queryByText('Client Dashboard')).not.toBeInTheDocument();
    expect(screen.getByText('Welcome back, Wambui Admin')).toBeInTheDocument();
    expect(api.calls('GET', '/api/bookings')).toHaveLength(0);
  });

  it('offers a guard without jobs no Browse Guards', async () => {
    mockFetch({ ...signedInAs({ role: 'guard' }), 'GET /api/bookings': () => json(pageOf([])) });
    renderWithApp(<DashboardPage />, { route: '/guard-dashboard' });

    expect(await screen.findByRole('heading', { name: 'No Bookings Yet' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Browse Guards' })).not.toBeInTheDocument();
  });
});
