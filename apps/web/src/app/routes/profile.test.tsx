import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, makeMe, makeProfile, mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { makeOwnGuardProfile } from '@/test/factories.ts';
import { renderWithApp } from '@/test/render.tsx';
import { ProfilePage } from './profile.tsx';

describe('the profile page', () => {
  it('asks visitors to sign in', async () => {
    mockFetch();
    renderWithApp(<ProfilePage />, { route: '/profile' });

    expect(await screen.findByRole('heading', { name: 'Please Sign In' })).toBeInTheDocument();
    expect(screen.getByText('You need to sign in to view your profile.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', `/auth?redirect=${encodeURIComponent('/profile')}`);
  });

  it('shows personal information with a read-only role badge and no company field for individuals', async () => {
    mockFetch({
      ...signedInAs({ role: 'guard', isCompany: false, phone: '254712345678' }),
      'GET /api/guards/me/profile': () => json(makeOwnGuardProfile()),
    });
    renderWithApp(<ProfilePage />, { route: '/profile' });

    expect(await screen.findByRole('heading', { name: 'Personal Information' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByLabelText(/Full Name/)).toHaveValue('Jane Wanjiru');
    expect(screen.getByLabelText('Phone')).toHaveValue('+254 712 345 678');
    expect(screen.getByText('Security Guard')).toBeInTheDocument();
    expect(screen.queryByLabelText('Company Name')).not.toBeInTheDocument();
  });

  it('shows the company name for company accounts', async () => {
    mockFetch(signedInAs({ isCompany: true, companyName: 'Acme Ltd' }));
    renderWithApp(<ProfilePage />, { route: '/profile' });

    expect(await screen.findByLabelText('Company Name')).toHaveValue('Acme Ltd');
  });

  it('saves normalised fields, confirms, and reads the profile again', async () => {
    let profile = makeProfile({ isCompany: true, companyName: 'Acme Ltd', phone: null });
    const api = mockFetch({
      'GET /api/me': () => json(makeMe(profile)),
      'PATCH /api/profiles/me': (request) => {
        profile = { ...profile, ...(request.body as object) };
        return json(profile);
      },
    });
    const { user } = renderWithApp(<ProfilePage />, { route: '/profile' });

    const fullName = await screen.findByLabelText(/Full Name/);
    await user.clear(fullName);
    await user.type(fullName, '  Jane W. Kamau ');
    await user.type(screen.getByLabelText('Phone'), '0712 345 678');
    await user.clear(screen.getByLabelText('Company Name'));
    await user.type(screen.getByLabelText('Company Name'), 'Acme Security Ltd');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();
    expect(api.calls('PATCH', '/api/profiles/me')[0]?.body).toEqual({
      fullName: 'Jane W. Kamau',
      phone: '254712345678',
      companyName: 'Acme Security Ltd',
    });
    expect(await screen.findByDisplayValue('+254 712 345 678')).toBeInTheDocument();
    expect(api.calls('GET', '/api/me').length).toBeGreaterThanOrEqual(2);
  });

  it('does not send a company name for an individual account', async () => {
    const api = mockFetch({
      ...signedInAs({ isCompany: false }),
      'PATCH /api/profiles/me': () => json(makeProfile()),
    });
    const { user } = renderWithApp(<ProfilePage />, { route: '/profile' });

    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));

    await screen.findByText('Profile updated successfully');
    expect(api.calls('PATCH', '/api/profiles/me')[0]?.body).toEqual({
      fullName: 'Jane Wanjiru',
      phone: '254712345678',
    });
  });

  it('checks the phone number before sending', async () => {
    const api = mockFetch(signedInAs());
    const { user } = renderWithApp(<ProfilePage />, { route: '/profile' });

    const phone = await screen.findByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '12345');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText(/Enter a Kenyan phone number/)).toBeInTheDocument();
    expect(api.calls('PATCH', '/api/profiles/me')).toHaveLength(0);
  });

  it('shows the server’s field error on the field and in an error toast', async () => {
    mockFetch({
      ...signedInAs(),
      'PATCH /api/profiles/me': () =>
        json(
          {
            code: 'VALIDATION_ERROR',
            message: 'Please correct the highlighted fields',
            fields: { fullName: 'Full name must be at most 120 characters' },
          },
          400,
        ),
    });
    const { user } = renderWithApp(<ProfilePage />, { route: '/profile' });

    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));

    const toast = await screen.findByRole('listitem');
    expect(within(toast).getByText('Error')).toBeInTheDocument();
    expect(within(toast).getByText('Full name must be at most 120 characters')).toBeInTheDocument();
    expect(screen.getByLabelText(/Full Name/)).toHaveAccessibleDescription('Full name must be at most 120 characters');
  });

  it("says 'Failed to update profile' when the save fails otherwise", async () => {
    mockFetch({
      ...signedInAs(),
      'PATCH /api/profiles/me': () => json({ code: 'INTERNAL_ERROR', message: 'Something went wrong' }, 500),
    });
    const { user } = renderWithApp(<ProfilePage />, { route: '/profile' });

    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
  });
});
