import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from '@ops/shared/schemas/auth';
import { json, mockFetch } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { ResetPasswordPage } from './reset-password.tsx';

const invalidLinkText = /This password reset link is invalid or has expired/;

describe('the reset-password page', () => {
  it.each([['/auth/reset-password'], ['/auth/reset-password?error=INVALID_TOKEN']])(
    'explains that the link %s is invalid and offers a new one',
    (route) => {
      mockFetch();
      renderWithApp(<ResetPasswordPage />, { route });

      expect(screen.getByText(invalidLinkText)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/auth?mode=forgot');
    },
  );

  it('sets the new password and sends the user to sign in', async () => {
    const api = mockFetch({ 'POST /api/auth/reset-password': () => json({ status: true }) });
    const { user } = renderWithApp(<ResetPasswordPage />, {
      route: '/auth/reset-password?token=abc123',
      pages: { '/auth': <h1>Sign-in page</h1> },
    });

    await user.type(screen.getByLabelText(/^New Password/), 'a-new-secret');
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'a-new-secret');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeInTheDocument();
    expect(screen.getByText('Your password has been changed. You can sign in now.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/auth/reset-password')[0]?.body).toEqual({
      newPassword: 'a-new-secret',
      token: 'abc123',
    });
  });

  it('explains an expired link when the server refuses the token', async () => {
    mockFetch({
      'POST /api/auth/reset-password': () => json({ code: 'INVALID_TOKEN', message: 'Invalid token' }, 400),
    });
    const { user } = renderWithApp(<ResetPasswordPage />, { route: '/auth/reset-password?token=old' });

    await user.type(screen.getByLabelText(/^New Password/), 'a-new-secret');
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'a-new-secret');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText(invalidLinkText)).toBeInTheDocument();
  });

  it('shows the server’s refusal of a common password on the new password field', async () => {
    mockFetch({
      'POST /api/auth/reset-password': () =>
        json({ code: 'VALIDATION_ERROR', message: 'Please correct the highlighted fields', fields: { newPassword: COMMON_PASSWORD_MESSAGE } }, 400),
    });
    const { user } = renderWithApp(<ResetPasswordPage />, { route: '/auth/reset-password?token=abc123' });

    await user.type(screen.getByLabelText(/^New Password/), 'Password123');
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'Password123');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText(COMMON_PASSWORD_MESSAGE)).toBeInTheDocument();
    expect(screen.getByLabelText(/^New Password/)).toHaveAccessibleDescription(expect.stringContaining(COMMON_PASSWORD_MESSAGE));
    expect(screen.getByLabelText(/^New Password/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('says when the two passwords differ and sends nothing', async () => {
    const api = mockFetch();
    const { user } = renderWithApp(<ResetPasswordPage />, { route: '/auth/reset-password?token=abc123' });

    await user.type(screen.getByLabelText(/^New Password/), 'a-new-secret');
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'another-one');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(api.calls('POST', '/api/auth/reset-password')).toHaveLength(0);
  });
});
