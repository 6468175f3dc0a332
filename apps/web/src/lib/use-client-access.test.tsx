import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { useClientAccess } from './use-client-access.ts';

function ClientsOnly() {
  return <p>{useClientAccess()}</p>;
}

const address = () => screen.getByRole('status', { name: 'Address' });
const route = '/booking?guardId=guard-1';
const pages = { '/auth': <h1>Auth page</h1> };

describe('pages for clients only', () => {
  it('sends a visitor to sign in and back to the page they were on', async () => {
    mockFetch();
    renderWithApp(<ClientsOnly />, { route, pages });

    expect(await screen.findByRole('heading', { name: 'Auth page' })).toBeInTheDocument();
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    expect(address()).toHaveTextContent(`/auth?redirect=${encodeURIComponent(route)}`);
  });

  it('sends someone signed in with another role to /auth without a way back', async () => {
    mockFetch(signedInAs({ role: 'guard' }));
    renderWithApp(<ClientsOnly />, { route, pages });

    expect(await screen.findByRole('heading', { name: 'Auth page' })).toBeInTheDocument();
    await waitFor(() => expect(address()).toHaveTextContent(/^\/auth$/));
  });

  it('lets a client stay', async () => {
    mockFetch(signedInAs({ role: 'client' }));
    renderWithApp(<ClientsOnly />, { route, pages });

    expect(await screen.findByText('allowed')).toBeInTheDocument();
    expect(address()).toHaveTextContent(route);
  });
});
