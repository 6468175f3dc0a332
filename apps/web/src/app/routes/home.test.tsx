import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { HomePage } from './home.tsx';

describe('the home page', () => {
  it('shows the hero, the three reasons and Browse Guards to visitors', () => {
    mockFetch();
    renderWithApp(<HomePage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Select and Deploy the Best' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Why Choose Us' })).toBeInTheDocument();
    for (const reason of ['Verified Professionals', '24/7 Availability', 'Tailored Solutions']) {
      expect(screen.getByRole('heading', { name: reason })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Browse Guards' })).toHaveAttribute('href', '/guards');
    expect(screen.queryByRole('link', { name: 'Book Security Service' })).not.toBeInTheDocument();
    expect(screen.queryByText('Welcome back')).not.toBeInTheDocument();
  });

  it('welcomes a client back and offers booking and the client dashboard', async () => {
    mockFetch(signedInAs({ role: 'client' }));
    renderWithApp(<HomePage />);

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByText('Ready to book your next security service?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book Security Service' })).toHaveAttribute('href', '/booking');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/client-dashboard');
  });

  it('sends a guard to the guard dashboard and offers no booking', async () => {
    mockFetch(signedInAs({ role: 'guard' }));
    renderWithApp(<HomePage />);

    expect(await screen.findByText('Check your bookings and update your availability')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/guard-dashboard');
    expect(screen.queryByRole('link', { name: 'Book Security Service' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Guards' })).toBeInTheDocument();
  });

  it('sends an admin to the admin console', async () => {
    mockFetch(signedInAs({ role: 'admin' }));
    renderWithApp(<HomePage />);

    expect(await screen.findByText('Manage the OPS platform')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/admin');
  });
});
