import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeGuardRow } from '@/features/guards/test/guard-fixtures.ts';
import { pageOf } from '@/test/console-fixtures.ts';
import { json, mockFetch, pending, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { AdminPage } from './admin.tsx';

const address = () => screen.getByRole('status', { name: 'Address' });
const otherPages = {
  '/auth': <h1>Sign in page</h1>,
  '/guard-dashboard': <h1>Guard dashboard page</h1>,
  '/client-dashboard': <h1>Client dashboard page</h1>,
  '/partner-dashboard': <h1>Partner portal page</h1>,
};
const adminApi = (extra = {}) => ({
  ...signedInAs({ role: 'admin', fullName: 'Alice Admin' }),
  'GET /api/admin/overview': () => pending(),
  ...extra,
});

afterEach(() => {
  document.cookie = 'sidebar_state=; path=/; max-age=0';
});

describe('who may open the admin console', () => {
  it('sends a visitor to sign in and back to the same view afterwards', async () => {
    mockFetch();
    renderWithApp(<AdminPage />, { route: '/admin?view=guards', pages: otherPages });

    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
    expect(address()).toHaveTextContent(`/auth?redirect=${encodeURIComponent('/admin?view=guards')}`);
  });

  it('sends a guard to the guard dashboard', async () => {
    mockFetch(signedInAs({ role: 'guard' }));
    renderWithApp(<AdminPage />, { route: '/admin', pages: otherPages });
    expect(await screen.findByRole('heading', { name: 'Guard dashboard page' })).toBeInTheDocument();
  });

  it('sends a client to the client dashboard', async () => {
    mockFetch(signedInAs({ role: 'client' }));
    renderWithApp(<AdminPage />, { route: '/admin-dashboard', pages: otherPages });
    expect(await screen.findByRole('heading', { name: 'Client dashboard page' })).toBeInTheDocument();
    expect(address()).toHaveTextContent('/client-dashboard');
  });

  // §2.1 sends 'any other non-admin' to /client-dashboard, which sends a partner on to the portal: they go there at once (decision 020).
  it.each(['/admin', '/admin-dashboard'])('sends a partner opening %s to the partner portal', async (route) => {
    mockFetch(signedInAs({ role: 'partner' }));
    renderWithApp(<AdminPage />, { route, pages: otherPages });
    expect(await screen.findByRole('heading', { name: 'Partner portal page' })).toBeInTheDocument();
    expect(address()).toHaveTextContent('/partner-dashboard');
  });

  it.each(['/admin', '/admin-dashboard'])('shows an admin the console at %s', async (route) => {
    mockFetch(adminApi());
    renderWithApp(<AdminPage />, { route, pages: otherPages });

    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('OPS Admin')).toBeInTheDocument();
    const nav = within(screen.getByRole('navigation', { name: 'Admin' }));
    expect(nav.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Dashboard',
      'Officer Onboarding',
      'Guards',
      'Clients',
      'Today',
      'Bookings',
      'Payments',
      'Training',
      'Notifications',
      'Settings',
      'Activity',
    ]);
    expect(nav.getByRole('button', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { name: 'Dashboard', level: 2 })).toBeInTheDocument();
  });
});

describe('the console keeps its view in the address', () => {
  it('opens the view, search and page a pasted link names, and asks the server for them', async () => {
    const api = mockFetch(adminApi({ 'GET /api/admin/guards': () => json(pageOf([makeGuardRow()], { total: 51, page: 2, pageSize: 25 })) }));
    renderWithApp(<AdminPage />, { route: '/admin?view=guards&q=wan&page=2' });

    expect(await screen.findByText('peter@example.co.ke')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search guards' })).toHaveValue('wan');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(api.calls('GET', '/api/admin/guards')[0]?.query).toMatchObject({ q: 'wan', page: '2' });
    expect(screen.getByRole('button', { name: 'Guards' })).toHaveAttribute('aria-current', 'page');
    // The overview is not read for another view.
    expect(api.calls('GET', '/api/admin/overview')).toHaveLength(0);
  });

  it('writes a new search to the address after the user stops typing, from page 1', async () => {
    const api = mockFetch(adminApi({ 'GET /api/admin/guards': () => json(pageOf([makeGuardRow()], { total: 51, page: 2, pageSize: 25 })) }));
    const { user } = renderWithApp(<AdminPage />, { route: '/admin?view=guards&q=wan&page=2' });

    await user.type(await screen.findByRole('searchbox', { name: 'Search guards' }), 'y');
    await waitFor(() => expect(address()).toHaveTextContent('/admin?view=guards&q=wany'));
    await waitFor(() => expect(api.calls('GET', '/api/admin/guards').at(-1)?.query).toMatchObject({ q: 'wany', page: '1' }));
  });

  it('moves to the next page and sorts by a column through the address', async () => {
    const api = mockFetch(adminApi({ 'GET /api/admin/guards': () => json(pageOf([makeGuardRow()], { total: 60, page: 1, pageSize: 25 })) }));
    const { user } = renderWithApp(<AdminPage />, { route: '/admin?view=guards' });

    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(address()).toHaveTextContent('/admin?view=guards&page=2'));

    const rating = screen.getByRole('columnheader', { name: /Rating/ });
    expect(rating).toHaveAttribute('aria-sort', 'none');
    await user.click(within(rating).getByRole('button'));
    await waitFor(() => expect(address()).toHaveTextContent('/admin?view=guards&sort=rating&dir=desc'));
    expect(screen.getByRole('columnheader', { name: /Rating/ })).toHaveAttribute('aria-sort', 'descending');
    await waitFor(() => expect(api.calls('GET', '/api/admin/guards').at(-1)?.query).toMatchObject({ sort: 'rating', dir: 'desc', page: '1' }));
  });

  it('switches views from the sidebar without carrying the last view’s search along', async () => {
    mockFetch(adminApi({ 'GET /api/admin/guards': () => json(pageOf([makeGuardRow()])) }));
    const { user } = renderWithApp(<AdminPage />, { route: '/admin?view=guards&q=wan' });

    await user.click(await screen.findByRole('button', { name: 'Clients' }));
    expect(address()).toHaveTextContent(/^\/admin\?view=clients$/);
    expect(screen.getByRole('heading', { name: 'Clients', level: 2 })).toBeInTheDocument();
  });
});

describe('the Training view', () => {
  it('is a working view with its tabs, not a view still to come', async () => {
    mockFetch(adminApi({ 'GET /api/admin/training/cohorts': () => json([]), 'GET /api/admin/training/courses': () => json([]) }));
    renderWithApp(<AdminPage />, { route: '/admin?view=training' });

    expect(await screen.findByRole('tab', { name: 'Cohorts' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Enrollments' })).toBeInTheDocument();
    expect(screen.queryByText('Coming with the next release')).not.toBeInTheDocument();
  });
});

describe('the sidebar', () => {
  it('folds to icons and back with Ctrl+B, and remembers it in a cookie for a week', async () => {
    mockFetch(adminApi());
    const { user } = renderWithApp(<AdminPage />, { route: '/admin' });
    const toggle = await screen.findByRole('button', { name: 'Toggle sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{Control>}b{/Control}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.cookie).toContain('sidebar_state=false');
    // Folded, each item still has its name (and a tooltip) for the icon alone.
    expect(screen.getByRole('button', { name: 'Officer Onboarding' })).toBeInTheDocument();

    await user.keyboard('{Control>}b{/Control}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.cookie).toContain('sidebar_state=true');
  });

  it('starts folded when the cookie says so', async () => {
    document.cookie = 'sidebar_state=false; path=/';
    mockFetch(adminApi());
    renderWithApp(<AdminPage />, { route: '/admin' });
    expect(await screen.findByRole('button', { name: 'Toggle sidebar' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('writes the cookie with a seven-day lifetime', async () => {
    const written: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => descriptor.get!.call(document) as string,
      set: (value: string) => {
        written.push(value);
        descriptor.set!.call(document, value);
      },
    });
    try {
      mockFetch(adminApi());
      const { user } = renderWithApp(<AdminPage />, { route: '/admin' });
      await user.click(await screen.findByRole('button', { name: 'Toggle sidebar' }));
      expect(written.at(-1)).toMatch(/^sidebar_state=false; path=\/; max-age=604800/);
    } finally {
      Reflect.deleteProperty(document, 'cookie');
    }
  });
});

describe('the avatar menu', () => {
  it('names the admin and offers Profile and Sign out', async () => {
    mockFetch(adminApi());
    const { user } = renderWithApp(<AdminPage />, { route: '/admin' });
    await user.click(await screen.findByRole('button', { name: 'AA, Account menu' }));

    const menu = within(await screen.findByRole('menu'));
    expect(menu.getByText('Alice Admin')).toBeInTheDocument();
    expect(menu.getByText('Administrator')).toBeInTheDocument();
    expect(menu.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(menu.getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('signs out and goes home', async () => {
    const api = mockFetch(adminApi({ 'POST /api/auth/sign-out': () => json({ success: true }) }));
    const { user } = renderWithApp(<AdminPage />, { route: '/admin?view=guards', pages: { '/': <h1>Home page</h1> } });
    await user.click(await screen.findByRole('button', { name: 'AA, Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(api.calls('POST', '/api/auth/sign-out')).toHaveLength(1);
  });
});

describe('on a phone', () => {
  it('opens the sidebar as a sheet and closes it after choosing a view', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: query === '(max-width: 767px)' });
    try {
      mockFetch(adminApi());
      const { user } = renderWithApp(<AdminPage />, { route: '/admin' });
      expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();

      await user.click(await screen.findByRole('button', { name: 'Toggle sidebar' }));
      const sheet = within(await screen.findByRole('dialog', { name: 'OPS Admin' }));
      await user.click(sheet.getByRole('button', { name: 'Payments' }));

      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Payments', level: 2 })).toBeInTheDocument();
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});
