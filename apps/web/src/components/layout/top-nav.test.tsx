import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { TopNav } from './top-nav.tsx';

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

describe('top navigation', () => {
  it('offers Sign In and Sign Up to visitors, and no My Learning', async () => {
    mockFetch();
    renderWithApp(<TopNav />);

    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/auth?mode=signup');
    expect(within(mainNav()).getByRole('link', { name: 'Security Booking' })).toHaveAttribute('href', '/guards');
    expect(within(mainNav()).getByRole('link', { name: 'Training' })).toHaveAttribute('href', '/courses');
    expect(within(mainNav()).queryByRole('link', { name: 'My Learning' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'LinkedIn' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'WhatsApp' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /User menu/ })).not.toBeInTheDocument();
  });

  it('brings a visitor back to the page they were on after Sign In or Sign Up, but not to the auth page itself', async () => {
    mockFetch();
    const { unmount } = renderWithApp(<TopNav />, { route: '/guard/abc?tab=reviews' });
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth?redirect=%2Fguard%2Fabc%3Ftab%3Dreviews');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/auth?mode=signup&redirect=%2Fguard%2Fabc%3Ftab%3Dreviews');
    unmount();

    renderWithApp(<TopNav />, { route: '/auth?redirect=%2Fprofile' });
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/auth?mode=signup');
  });

  it('gives a signed-in client My Learning, the bell it is given and a user menu without Partner Portal', async () => {
    mockFetch(signedInAs({ role: 'client' }));
    const { user } = renderWithApp(<TopNav notificationsBell={<button type="button">Notifications</button>} />);

    await user.click(await screen.findByRole('button', { name: /User menu/ }));

    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(within(menu).getByRole('menuitem', { name: 'My Courses' })).toHaveAttribute('href', '/student-dashboard');
    expect(within(menu).getByRole('menuitem', { name: 'Sign Out' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Partner Portal' })).not.toBeInTheDocument();
    expect(within(mainNav()).getByRole('link', { name: 'My Learning' })).toHaveAttribute('href', '/student-dashboard');
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('shows the Partner Portal to partners only', async () => {
    mockFetch(signedInAs({ role: 'partner' }));
    const { user } = renderWithApp(<TopNav />);

    await user.click(await screen.findByRole('button', { name: /User menu/ }));

    expect(await screen.findByRole('menuitem', { name: 'Partner Portal' })).toHaveAttribute('href', '/partner-dashboard');
  });

  it('signs out on the server, forgets the user and goes home', async () => {
    let signedIn = true;
    const api = mockFetch({
      'GET /api/me': () => (signedIn ? signedInAs()['GET /api/me']!({ method: 'GET', path: '', query: {}, body: null }) : json({}, 401)),
      'POST /api/auth/sign-out': () => {
        signedIn = false;
        return json({ success: true });
      },
    });
    const { user } = renderWithApp(<TopNav />, { route: '/profile' });

    await user.click(await screen.findByRole('button', { name: /User menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));

    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\/$/);
    expect(api.calls('POST', '/api/auth/sign-out')[0]?.body).toEqual({});
  });

  it('repeats the items in a drawer opened by the Menu button', async () => {
    mockFetch(signedInAs({ role: 'partner' }));
    const { user } = renderWithApp(
      <TopNav
        drawerNotifications={({ itemClassName }) => (
          <button type="button" className={itemClassName}>
            Notifications
          </button>
        )}
      />,
    );
    await screen.findByRole('button', { name: /User menu/ });

    await user.click(screen.getByRole('button', { name: 'Menu' }));

    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    for (const name of ['Security Booking', 'Training', 'My Learning', 'Dashboard', 'Partner Portal', 'Profile']) {
      expect(within(drawer).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(drawer).getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();

    await user.click(within(drawer).getByRole('link', { name: 'Training' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/courses');
  });

  it('offers Sign In and Sign Up in the drawer to visitors', async () => {
    mockFetch();
    const { user } = renderWithApp(<TopNav />);
    await screen.findByRole('link', { name: 'Sign In' });

    await user.click(screen.getByRole('button', { name: 'Menu' }));

    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    expect(within(drawer).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/auth?mode=signup');
    expect(within(drawer).queryByRole('link', { name: 'My Learning' })).not.toBeInTheDocument();
  });
});
