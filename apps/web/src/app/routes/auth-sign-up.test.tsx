import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from '@ops/shared/schemas/auth';
import { fillSignUp, renderAuth } from '@/test/auth-fixtures.tsx';
import { json, mockFetch, pending } from '@/test/fetch-mock.ts';

describe('sign-up', () => {
  it('opens in sign-up mode from ?mode=signup and offers the two roles, client first', async () => {
    renderAuth('/auth?mode=signup');
    expect(await screen.findByRole('heading', { name: 'Create an Account' })).toBeInTheDocument();
    // The heading does not wait for the form's code; the form follows.
    expect(await screen.findByLabelText(/^Email/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/Phone/)).toHaveAttribute('placeholder', '0712 345 678');
    expect(screen.getByRole('radio', { name: 'Client (Looking for security)' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Security Guard (Providing services)' })).not.toBeChecked();
  });

  it('asks for agreement to the privacy notice, links to it, and sends nothing without it', async () => {
    const api = mockFetch();
    const { user } = renderAuth('/auth?mode=signup');
    await fillSignUp(user, { agree: false });

    const box = screen.getByRole('checkbox', { name: /^I agree to the privacy notice/ });
    expect(box).not.toBeChecked();
    expect(screen.getByRole('link', { name: /privacy notice/ })).toHaveAttribute('href', '/privacy');

    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    const message = 'Please agree to the privacy notice to create an account';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(box).toHaveAccessibleDescription(message);
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST', '/api/accounts')).toHaveLength(0);
  });

  it('shows the server’s refusal of a common password on the password field', async () => {
    mockFetch({
      'POST /api/accounts': () =>
        json({ code: 'VALIDATION_ERROR', message: 'Please correct the highlighted fields', fields: { password: COMMON_PASSWORD_MESSAGE } }, 400),
    });
    const { user } = renderAuth('/auth?mode=signup');
    await fillSignUp(user, { password: 'password123', confirm: 'password123' });

    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText(COMMON_PASSWORD_MESSAGE)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(expect.stringContaining(COMMON_PASSWORD_MESSAGE));
  });

  it("says 'Passwords do not match' and sends nothing when the passwords differ", async () => {
    const api = mockFetch();
    const { user } = renderAuth('/auth?mode=signup');
    await fillSignUp(user, { password: 'correct-horse', confirm: 'correct-horsE' });

    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    const toast = await screen.findByRole('listitem');
    expect(within(toast).getByText('Error')).toBeInTheDocument();
    expect(within(toast).getByText('Passwords do not match')).toBeInTheDocument();
    expect(api.calls('POST', '/api/accounts')).toHaveLength(0);
  });

  it('shows the company box only for clients, and then requires a company name', async () => {
    const api = mockFetch();
    const { user } = renderAuth('/auth?mode=signup');
    await fillSignUp(user);

    const companyBox = screen.getByRole('checkbox', { name: 'I represent a company' });
    expect(screen.queryByLabelText(/Company Name/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Security Guard (Providing services)' }));
    expect(screen.queryByRole('checkbox', { name: 'I represent a company' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Client (Looking for security)' }));
    await user.click(screen.getByRole('checkbox', { name: 'I represent a company' }));
    expect(companyBox).not.toBeInTheDocument();
    const companyName = screen.getByLabelText(/Company Name/);

    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Company name is required')).toBeInTheDocument();
    expect(companyName).toHaveAccessibleDescription('Company name is required');
    expect(api.calls('POST', '/api/accounts')).toHaveLength(0);
  });

  it('shows the server’s field errors on the fields', async () => {
    mockFetch({
      'POST /api/accounts': () =>
        json(
          {
            code: 'VALIDATION_ERROR',
            message: 'Please correct the highlighted fields',
            fields: { phone: 'This phone number is already in use' },
          },
          400,
        ),
    });
    const { user } = renderAuth('/auth?mode=signup');
    await fillSignUp(user, { phone: '0712 345 678' });

    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText('This phone number is already in use')).toBeInTheDocument();
    expect(screen.getByLabelText(/Phone/)).toHaveAccessibleDescription('This phone number is already in use');
    expect(screen.getByLabelText(/Phone/)).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows 'Please wait...' on a disabled button while the account is being created", async () => {
    mockFetch({ 'POST /api/accounts': () => pending() });
    const { user } = renderAuth('/auth?mode=signup');
    await fillSignUp(user);

    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('button', { name: 'Please wait...' })).toBeDisabled();
  });

  it('sends the normalised account, asks to check the e-mail and switches to sign-in', async () => {
    const api = mockFetch({ 'POST /api/accounts': () => json({ email: 'jane@example.co.ke' }, 201) });
    const { user } = renderAuth('/auth?mode=signup');
    await fillSignUp(user, { phone: '0712 345 678' });
    await user.click(screen.getByRole('checkbox', { name: 'I represent a company' }));
    await user.type(screen.getByLabelText(/Company Name/), 'Acme Ltd');

    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText('Please check your email to confirm your account.')).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();
    expect(api.calls('POST', '/api/accounts')[0]?.body).toEqual({
      fullName: 'Jane Wanjiru',
      email: 'jane@example.co.ke',
      password: 'correct-horse',
      confirmPassword: 'correct-horse',
      phone: '254712345678',
      role: 'client',
      isCompany: true,
      companyName: 'Acme Ltd',
      acceptPrivacyNotice: true,
    });
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('jane@example.co.ke');
  });

  it("shows 'An unexpected error occurred' when the server cannot be reached", async () => {
    mockFetch({ 'POST /api/accounts': () => Promise.reject(new TypeError('Failed to fetch')) });
    const { user } = renderAuth('/auth?mode=signup');
    await fillSignUp(user);

    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText('An unexpected error occurred')).toBeInTheDocument();
  });
});
