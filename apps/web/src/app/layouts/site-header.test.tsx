import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationListDto } from '@ops/shared/schemas/notifications';
import { makeNotification, makeNotificationList } from '@/test/factories.ts';
import { json, mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { SiteHeader } from './site-header.tsx';

const noContent = () => new Response(null, { status: 204 });

const twoUnread = () =>
  makeNotificationList([
    makeNotification({ id: 'n1', message: 'Payment received for OPS-2026-0001.' }),
    makeNotification({
      id: 'n2',
      message: 'Your guard profile was approved.',
      createdAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
      link: '/profile',
    }),
    makeNotification({
      id: 'n3',
      message: 'Welcome to OPS Security.',
      createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
      read: true,
    }),
  ]);

/** A server that keeps its notifications and marks them read when asked. */
function notificationsServer(initial: NotificationListDto) {
  let list = initial;
  return {
    handlers: {
      'GET /api/notifications': () => json(list),
      'POST /api/notifications/read-all': () => {
        list = { unreadCount: 0, items: list.items.map((item) => ({ ...item, read: true })) };
        return noContent();
      },
    },
    set: (next: NotificationListDto) => {
      list = next;
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the notifications bell', () => {
  it('is not there for visitors', async () => {
    mockFetch();
    renderWithApp(<SiteHeader />);

    await screen.findByRole('link', { name: 'Sign In' });
    expect(screen.queryByRole('button', { name: /Notifications/ })).not.toBeInTheDocument();
  });

  it('shows the unread count in the bar', async () => {
    const server = notificationsServer(twoUnread());
    mockFetch({ ...signedInAs(), 'GET /api/notifications': server.handlers['GET /api/notifications'] });
    renderWithApp(<SiteHeader />);

    const bell = await screen.findByRole('button', { name: 'Notifications (2 unread)' });
    expect(bell).toHaveTextContent('2');
  });

  it('lists the latest notifications when opened and marks them all read', async () => {
    const server = notificationsServer(twoUnread());
    const api = mockFetch({ ...signedInAs(), ...server.handlers });
    const { user } = renderWithApp(<SiteHeader />);

    await user.click(await screen.findByRole('button', { name: 'Notifications (2 unread)' }));

    const list = within(await screen.findByRole('list', { name: 'Latest notifications' }));
    expect(list.getAllByRole('listitem')).toHaveLength(3);
    expect(list.getByText('Payment received for OPS-2026-0001.')).toBeInTheDocument();
    expect(list.getByText('5 minutes ago')).toBeInTheDocument();
    expect(list.getByText('about 2 hours ago')).toBeInTheDocument();
    expect(list.getByText('3 days ago')).toBeInTheDocument();
    // What was new is still marked while the list is open.
    expect(list.getAllByText('Unread:')).toHaveLength(2);

    await waitFor(() => expect(api.calls('POST', '/api/notifications/read-all')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Notifications' })).not.toHaveTextContent(/\d/);
  });

  it('marks everything read with Mark all read', async () => {
    const server = notificationsServer(twoUnread());
    let failOnce = true;
    const api = mockFetch({
      ...signedInAs(),
      'GET /api/notifications': server.handlers['GET /api/notifications'],
      'POST /api/notifications/read-all': () => {
        if (failOnce) {
          failOnce = false;
          return json({ code: 'INTERNAL_ERROR', message: 'Try again' }, 500);
        }
        return server.handlers['POST /api/notifications/read-all']();
      },
    });
    const { user } = renderWithApp(<SiteHeader />);

    await user.click(await screen.findByRole('button', { name: 'Notifications (2 unread)' }));
    const list = within(await screen.findByRole('list', { name: 'Latest notifications' }));
    await waitFor(() => expect(api.calls('POST', '/api/notifications/read-all')).toHaveLength(1));
    // Opening could not mark them read: the count stays.
    expect(screen.getByRole('button', { name: 'Notifications (2 unread)' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mark all read' }));

    await waitFor(() => expect(list.queryByText('Unread:')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it('says when there are no notifications, and sends nothing on opening', async () => {
    const api = mockFetch({ ...signedInAs(), 'GET /api/notifications': () => json(makeNotificationList([])) });
    const { user } = renderWithApp(<SiteHeader />);

    await user.click(await screen.findByRole('button', { name: 'Notifications' }));

    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    expect(api.calls('POST', '/api/notifications/read-all')).toHaveLength(0);
  });

  it('follows a notification’s link and closes the list', async () => {
    const server = notificationsServer(twoUnread());
    mockFetch({ ...signedInAs(), ...server.handlers, 'POST /api/notifications/n2/read': noContent });
    const { user } = renderWithApp(<SiteHeader />);

    await user.click(await screen.findByRole('button', { name: 'Notifications (2 unread)' }));
    await user.click(await screen.findByRole('link', { name: /Your guard profile was approved/ }));

    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/profile');
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Latest notifications' })).not.toBeInTheDocument());
  });

  it('reads the count again when the window regains focus', async () => {
    const server = notificationsServer(makeNotificationList([]));
    mockFetch({ ...signedInAs(), ...server.handlers });
    renderWithApp(<SiteHeader />);
    await screen.findByRole('button', { name: 'Notifications' });

    server.set(twoUnread());
    act(() => {
      fireEvent(window, new Event('focus'));
    });

    expect(await screen.findByRole('button', { name: 'Notifications (2 unread)' })).toBeInTheDocument();
  });

  it('reads the count again every minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = notificationsServer(makeNotificationList([]));
    const api = mockFetch({ ...signedInAs(), ...server.handlers });
    renderWithApp(<SiteHeader />);
    await screen.findByRole('button', { name: 'Notifications' });
    const before = api.calls('GET', '/api/notifications').length;

    server.set(twoUnread());
    await act(() => vi.advanceTimersByTimeAsync(60_000));

    expect(await screen.findByRole('button', { name: 'Notifications (2 unread)' })).toBeInTheDocument();
    expect(api.calls('GET', '/api/notifications').length).toBe(before + 1);
  });

  it('opens the list inside the mobile drawer too', async () => {
    const server = notificationsServer(twoUnread());
    const api = mockFetch({ ...signedInAs(), ...server.handlers });
    const { user } = renderWithApp(<SiteHeader />);
    await screen.findByRole('button', { name: 'Notifications (2 unread)' });

    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Menu' }));
    await user.click(await drawer.findByRole('button', { name: 'Notifications (2 unread)' }));

    expect(await drawer.findByText('Your guard profile was approved.')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('POST', '/api/notifications/read-all')).toHaveLength(1));
    expect(await drawer.findByRole('button', { name: 'Notifications' })).toHaveAttribute('aria-expanded', 'true');
  });
});
