import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, pending, signedInAs } from '@/test/fetch-mock.ts';
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
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
  });

  it('greets a client by name', async () => {
    mockFetch(signedInAs({ role: 'client', fullName: 'Jane Wanjiru' }));
    renderWithApp(<DashboardPage />, { route: '/dashboard' });

    expect(await screen.findByRole('heading', { name: 'Client Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Jane Wanjiru')).toBeInTheDocument();
  });

  it('titles a guard’s dashboard for guards', async () => {
    mockFetch(signedInAs({ role: 'guard', fullName: 'Otieno Kamau' }));
    renderWithApp(<DashboardPage />, { route: '/guard-dashboard' });

    expect(await screen.findByRole('heading', { name: 'Guard Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Otieno Kamau')).toBeInTheDocument();
  });

  it('sends partners to their portal', async () => {
    mockFetch(signedInAs({ role: 'partner' }));
    renderWithApp(<DashboardPage />, {
      route: '/dashboard',
      pages: { '/partner-dashboard': <h1>Partner Portal page</h1> },
    });

    expect(await screen.findByRole('heading', { name: 'Partner Portal page' })).toBeInTheDocument();
  });
});
