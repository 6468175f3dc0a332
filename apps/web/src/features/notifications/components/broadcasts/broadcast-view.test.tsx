import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { BroadcastView } from './broadcast-view.tsx';

const SEND = 'POST /api/admin/notifications/broadcast';
const COUNT = 'GET /api/admin/notifications/recipients';
const counted =
  (n: number) =>
  ({ query }: { query: Record<string, string> }) =>
    json({ recipients: query.recipients, recipientCount: n });

describe('Send notifications', () => {
  it('refuses an incomplete form with "Please fill in all fields" and sends nothing', async () => {
    const api = mockFetch({ ...signedInAs({ role: 'admin' }), [SEND]: () => json({ recipientCount: 1 }) });
    const { user } = renderWithApp(<BroadcastView />, { route: '/admin?view=notifications' });

    await user.type(screen.getByRole('textbox', { name: /Message/ }), 'Gate codes change on Monday.');
    await user.click(screen.getByRole('button', { name: 'Send Notification' }));
    expect(await screen.findAllByText('Please fill in all fields')).not.toHaveLength(0);
    expect(screen.getByRole('combobox', { name: /Recipients/ })).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST', '/api/admin/notifications/broadcast')).toEqual([]);
  });

  it('fills the form from a preset, asks first naming how many people will receive it, and reports the true number', async () => {
    const api = mockFetch({ ...signedInAs({ role: 'admin' }), [COUNT]: counted(12), [SEND]: () => json({ recipientCount: 12 }) });
    const { user } = renderWithApp(<BroadcastView />, { route: '/admin?view=notifications' });

    await user.click(screen.getByRole('button', { name: /Shift reminder/ }));
    expect(screen.getByRole('combobox', { name: /Recipients/ })).toHaveValue('guards');
    expect(screen.getByRole('combobox', { name: /Type/ })).toHaveValue('booking');
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: /Message/ }).value).toMatch(/^Shift reminder: report to your post/);

    await user.click(screen.getByRole('button', { name: 'Send Notification' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Send this notification to 12 people?' }));
    expect(dialog.getByText(/All guards/)).toBeInTheDocument();
    expect(api.calls('GET', '/api/admin/notifications/recipients')[0]?.query).toEqual({ recipients: 'guards' });
    expect(api.calls('POST', '/api/admin/notifications/broadcast')).toEqual([]);
    await user.click(dialog.getByRole('button', { name: 'Send to 12 people' }));
    expect(await screen.findByText('Notification sent to 12 recipient(s)')).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/notifications/broadcast')[0]?.body).toEqual({
      recipients: 'guards',
      type: 'booking',
      message: expect.stringMatching(/^Shift reminder: report to your post/),
    });
    // Ready for the next one.
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Message/ })).toHaveValue(''));
  });

  it('sends nothing when the admin thinks again', async () => {
    const api = mockFetch({ ...signedInAs({ role: 'admin' }), [COUNT]: counted(1), [SEND]: () => json({ recipientCount: 1 }) });
    const { user } = renderWithApp(<BroadcastView />, { route: '/admin?view=notifications' });

    await user.click(screen.getByRole('button', { name: /System maintenance/ }));
    await user.click(screen.getByRole('button', { name: 'Send Notification' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Send this notification to 1 person?' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('POST', '/api/admin/notifications/broadcast')).toEqual([]);
    expect(screen.getByRole('combobox', { name: /Recipients/ })).toHaveValue('all');
  });

  it('says so when sending fails, keeping what was written', async () => {
    mockFetch({ ...signedInAs({ role: 'admin' }), [COUNT]: counted(3), [SEND]: () => json({ code: 'INTERNAL', message: 'Boom' }, 500) });
    const { user } = renderWithApp(<BroadcastView />, { route: '/admin?view=notifications' });

    await user.click(screen.getByRole('button', { name: /Payment reminder/ }));
    await user.click(screen.getByRole('button', { name: 'Send Notification' }));
    await user.click(await screen.findByRole('button', { name: 'Send to 3 people' }));
    expect(await screen.findByText('Failed to send notification')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Recipients/ })).toHaveValue('clients');
  });

  it('shows the server’s message on the field it names', async () => {
    mockFetch({
      ...signedInAs({ role: 'admin' }),
      [COUNT]: counted(7),
      [SEND]: () => json({ code: 'VALIDATION', message: 'Keep it short', fields: { message: 'Keep the message to 500 characters or fewer.' } }, 400),
    });
    const { user } = renderWithApp(<BroadcastView />, { route: '/admin?view=notifications' });
    await user.click(screen.getByRole('button', { name: /System maintenance/ }));
    await user.click(screen.getByRole('button', { name: 'Send Notification' }));
    await user.click(await screen.findByRole('button', { name: 'Send to 7 people' }));
    expect(await screen.findByText('Keep the message to 500 characters or fewer.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Message/ })).toHaveAttribute('aria-invalid', 'true');
  });
});
