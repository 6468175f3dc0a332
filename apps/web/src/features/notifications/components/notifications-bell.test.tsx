import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeNotification, makeNotificationList } from '@/test/factories.ts';
import { json, mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { NotificationsBell } from './notifications-bell.tsx';

const unread = (count: number) =>
  makeNotificationList(
    Array.from({ length: Math.min(count, 5) }, (_, i) => makeNotification({ id: `n${i}`, message: `Notice ${i}`, read: false })),
    count,
  );

describe('the bell’s accessible name', () => {
  it.each([
    [0, 'Notifications', ''],
    [3, 'Notifications (3 unread)', '3'],
    [12, 'Notifications (9+ unread)', '9+'],
  ])('with %i unread is %s and contains what the bell shows', async (count, name, shown) => {
    mockFetch({ ...signedInAs(), 'GET /api/notifications': () => json(unread(count)) });
    renderWithApp(<NotificationsBell />);

    const bell = await screen.findByRole('button', { name });
    expect(bell.textContent).toBe(shown);
    expect(bell).toHaveAccessibleName(expect.stringContaining(bell.textContent ?? ''));
  });
});
