import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, makeMe, mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { makeOwnGuardProfile } from '@/test/factories.ts';
import { renderWithApp } from '@/test/render.tsx';
import { ProfilePage } from './profile.tsx';

/** What the browser was asked to save: the file's name and its text. */
let saved: { name: string; blob: Blob }[];

const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
let clickSpy: { mockRestore(): void };

beforeEach(() => {
  saved = [];
  const blobs = new Map<string, Blob>();
  // jsdom has no object URLs and cannot download: the file the app hands over is recorded instead.
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => {};
  clickSpy = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  });
});

afterEach(() => {
  URL.createObjectURL = original.create;
  URL.revokeObjectURL = original.revoke;
  clickSpy.mockRestore();
});

describe('Your Data on the profile page', () => {
  it('downloads everything the server holds about the person as a JSON file', async () => {
    const exported = { format: 'ops-security-personal-data', profile: { fullName: 'Jane Wanjiru' } };
    const api = mockFetch({ ...signedInAs(), 'GET /api/me/export': () => json(exported) });
    const { user } = renderWithApp(<ProfilePage />, { route: '/profile' });

    expect(await screen.findByRole('heading', { name: 'Your Data' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'privacy notice' })).toHaveAttribute('href', '/privacy');
    await user.click(screen.getByRole('button', { name: 'Download my data' }));

    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(api.calls('GET', '/api/me/export')).toHaveLength(1);
    expect(saved[0]!.name).toMatch(/^ops-security-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    // jsdom's Blob has no text(); a FileReader reads it as a browser would.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(saved[0]!.blob);
    });
    expect(JSON.parse(text)).toEqual(exported);
    expect(saved[0]!.blob.type).toBe('application/json');
  });

  it('says so when the download fails', async () => {
    mockFetch({
      ...signedInAs(),
      'GET /api/me/export': () => json({ code: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again.' }, 500),
    });
    const { user } = renderWithApp(<ProfilePage />, { route: '/profile' });

    await user.click(await screen.findByRole('button', { name: 'Download my data' }));

    expect(await screen.findByText('Something went wrong on our side. Please try again.')).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });

  it('asks for confirmation, says what goes and what stays, and sends nothing without the password', async () => {
    const api = mockFetch(signedInAs());
    const { user } = renderWithApp(<ProfilePage />, { route: '/profile' });

    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(within(dialog).getByText(/This cannot be undone/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Removed at once: your name, e-mail, phone number/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Kept, as the law requires: .* for 7 years, under the name “Deleted user”/)).toBeInTheDocument();
    expect(within(dialog).getByText(/While a confirmed booking of yours has not ended/)).toBeInTheDocument();
    expect(within(dialog).queryByText(/guard profile and documents/)).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(within(dialog).getByLabelText(/Your password/)).toHaveAccessibleDescription('Enter your password to confirm');
    expect(api.calls('POST', '/api/me/delete')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('POST', '/api/me/delete')).toHaveLength(0);
  });

  it('tells a guard they will leave the guard list', async () => {
    mockFetch({ ...signedInAs({ role: 'guard' }), 'GET /api/guards/me/profile': () => json(makeOwnGuardProfile()) });
    const { user } = renderWithApp(<ProfilePage />, { route: '/profile' });

    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    expect(await screen.findByText(/your guard profile and documents \(you will no longer be listed\)/)).toBeInTheDocument();
  });

  it('shows a wrong password on the field, and a refusal (a booking still on) in the dialog', async () => {
    let answer = () =>
      json({ code: 'VALIDATION_ERROR', message: 'wrong', fields: { password: 'That password is not right. Your account was not deleted.' } }, 400);
    mockFetch({ ...signedInAs(), 'POST /api/me/delete': () => answer() });
    const { user } = renderWithApp(<ProfilePage />, { route: '/profile' });

    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Your password/), 'guess');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('That password is not right. Your account was not deleted.')).toBeInTheDocument();

    const refusal = 'Your account cannot be deleted while a confirmed booking has not ended (OPS-H8N4TZ).';
    answer = () => json({ code: 'CONFLICT', message: refusal }, 409);
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('deletes the account with the password, signs the app out and goes home', async () => {
    let signedIn = true;
    const api = mockFetch({
      'GET /api/me': () => json(signedIn ? makeMe() : { user: null, session: null, profile: null }),
      'POST /api/me/delete': () => {
        signedIn = false;
        return json({ deleted: true });
      },
    });
    const { user } = renderWithApp(<ProfilePage />, { route: '/profile', pages: { '/': <h1>Home</h1> } });

    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Your password/), 'Correct-Horse-9');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/');
    expect(api.calls('POST', '/api/me/delete')[0]?.body).toEqual({ password: 'Correct-Horse-9' });
    expect(await screen.findByText('Your account and personal data have been deleted.')).toBeInTheDocument();
    expect(api.calls('GET', '/api/me').length).toBeGreaterThanOrEqual(2);
  });
});
