import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT_BLOCKED_MESSAGE } from '@ops/shared/schemas/admin-clients';
import { address, BACK_TO_GUARD, fillSignUp, GUARD_PAGE, renderAuth } from '@/test/auth-fixtures.tsx';
import { json, makeMe, mockFetch, pending, signedInAs } from '@/test/fetch-mock.ts';
import { AppProviders } from '../providers.tsx';
import { App, preloadPage } from '../router.tsx';

describe('sign-in', () => {
  async function signIn(user: ReturnType<typeof renderAuth>['user']) {
    await user.type(await screen.findByLabelText('Email'), 'jane@example.co.ke');
    await user.type(screen.getByLabelText('Password'), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
  }

  it('shows the server’s message when the e-mail is not confirmed yet', async () => {
    const message = 'Please confirm your e-mail address first: we have sent you a new confirmation link.';
    mockFetch({ 'POST /api/auth/sign-in/email': () => json({ code: 'EMAIL_NOT_VERIFIED', message }, 403) });
    const { user } = renderAuth();

    await signIn(user);

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(address()).toHaveTextContent('/auth');
  });

  it('tells a blocked account why it cannot sign in', async () => {
    mockFetch({ 'POST /api/auth/sign-in/email': () => json({ code: 'ACCOUNT_BLOCKED', message: ACCOUNT_BLOCKED_MESSAGE }, 403) });
    const { user } = renderAuth();

    await signIn(user);

    expect(await screen.findByText(ACCOUNT_BLOCKED_MESSAGE)).toBeInTheDocument();
    expect(address()).toHaveTextContent('/auth');
  });

  it('reads the session again and goes home after signing in', async () => {
    let signedIn = false;
    const api = mockFetch({
      'POST /api/auth/sign-in/email': () => {
        signedIn = true;
        return json({ redirect: false });
      },
      'GET /api/me': () => (signedIn ? signedInAs()['GET /api/me']!({ method: 'GET', path: '/api/me', query: {}, body: undefined }) : json({}, 401)),
    });
    const { user } = renderAuth();

    await signIn(user);

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(api.calls('POST', '/api/auth/sign-in/email')[0]?.body).toEqual({
      email: 'jane@example.co.ke',
      password: 'correct-horse',
    });
    expect(api.calls('GET', '/api/me').length).toBeGreaterThanOrEqual(2);
  });

  /** GET /api/me answers as a visitor until the sign-in has gone through. */
  function signInApi() {
    let signedIn = false;
    return mockFetch({
      'POST /api/auth/sign-in/email': () => {
        signedIn = true;
        return json({ redirect: false });
      },
      'GET /api/me': () =>
        signedIn
          ? signedInAs()['GET /api/me']!({ method: 'GET', path: '/api/me', query: {}, body: undefined })
          : json({ user: null, session: null, profile: null }),
    });
  }

  it('goes back to the page in ?redirect= after signing in', async () => {
    const api = signInApi();
    const { user } = renderAuth(`/auth?redirect=${encodeURIComponent('/booking?guardId=guard-1')}`);

    await signIn(user);

    expect(await screen.findByRole('heading', { name: 'Booking page' })).toBeInTheDocument();
    expect(address()).toHaveTextContent(/^\/booking\?guardId=guard-1$/);
    // A confirmation link the server re-sends at this sign-in would bring the person back too.
    expect(api.calls('POST', '/api/auth/sign-in/email')[0]?.body).toEqual({
      email: 'jane@example.co.ke',
      password: 'correct-horse',
      callbackURL: `/auth?confirmed=true&redirect=${encodeURIComponent('/booking?guardId=guard-1')}`,
    });
  });

  it.each(['//evil.example', 'https://evil.example/guards', '/%2F%2Fevil.example', 'javascript:alert(1)'])(
    'goes home, not to %j, after signing in',
    async (hostile) => {
      const api = signInApi();
      const { user } = renderAuth(`/auth?redirect=${encodeURIComponent(hostile)}`);

      await signIn(user);

      expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
      expect(address()).toHaveTextContent(/^\/$/);
      expect(api.calls('POST', '/api/auth/sign-in/email')[0]?.body).toEqual({ email: 'jane@example.co.ke', password: 'correct-horse' });
    },
  );

  it('keeps the page to return to through sign-up, and asks the server to link back to it', async () => {
    const api = mockFetch({ 'POST /api/accounts': () => json({ email: 'jane@example.co.ke' }, 201) });
    const { user } = renderAuth(`/auth?${BACK_TO_GUARD}`);

    await user.click(await screen.findByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(address()).toHaveTextContent(`/auth?mode=signup&${BACK_TO_GUARD}`));
    await fillSignUp(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText('Please check your email to confirm your account.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/accounts')[0]?.body).toMatchObject({ email: 'jane@example.co.ke', redirect: GUARD_PAGE });
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(address()).toHaveTextContent(`/auth?${BACK_TO_GUARD}`);
  });

  it('toggles between sign-in and sign-up with the link button', async () => {
    mockFetch();
    const { user } = renderAuth();
    await user.click(await screen.findByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('heading', { name: 'Create an Account' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('sends a reset link from the forgot-password form', async () => {
    const api = mockFetch({ 'POST /api/auth/request-password-reset': () => json({ status: true }) });
    const { user } = renderAuth();

    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    // The sign-in form stays until the reset form's code is here.
    const send = await screen.findByRole('button', { name: 'Send Reset Link' });
    await user.type(screen.getByLabelText('Email'), 'jane@example.co.ke');
    await user.click(send);

    expect(await screen.findByText('If an account exists for that e-mail address, we have sent a link to reset your password.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/auth/request-password-reset')[0]?.body).toEqual({
      email: 'jane@example.co.ke',
      redirectTo: '/auth/reset-password',
    });
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });
});

describe('the auth page', () => {
  it("greets a confirmed e-mail with 'Email Confirmed!' and drops the query", async () => {
    mockFetch();
    renderAuth('/auth?confirmed=true');

    expect(await screen.findByText('Email Confirmed!')).toBeInTheDocument();
    await waitFor(() => expect(address()).toHaveTextContent(/^\/auth$/));
  });

  it('keeps the page to return to when it drops the confirmation query', async () => {
    mockFetch();
    renderAuth(`/auth?confirmed=true&${BACK_TO_GUARD}`);

    expect(await screen.findByText('Email Confirmed!')).toBeInTheDocument();
    await waitFor(() => expect(address()).toHaveTextContent(`/auth?${BACK_TO_GUARD}`));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('sends a signed-in user home', async () => {
    mockFetch(signedInAs());
    renderAuth();
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(address()).toHaveTextContent(/^\/$/);
  });

  it("sends a signed-in user home from a confirmation link, with the 'Email Confirmed!' toast", async () => {
    mockFetch(signedInAs());
    renderAuth('/auth?confirmed=true');

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(address()).toHaveTextContent(/^\/$/);
    const toast = await screen.findByRole('listitem');
    expect(within(toast).getByText('Email Confirmed!')).toBeInTheDocument();
    expect(within(toast).getByText('Your account is verified. You can sign in now.')).toBeInTheDocument();
  });

  it('sends a signed-in user to the page in ?redirect=', async () => {
    mockFetch(signedInAs());
    renderAuth(`/auth?confirmed=true&${BACK_TO_GUARD}`);
    expect(await screen.findByRole('heading', { name: 'Guard page' })).toBeInTheDocument();
    expect(address()).toHaveTextContent(GUARD_PAGE);
  });

  it('sends a signed-in user home when ?redirect= names another site', async () => {
    mockFetch(signedInAs());
    renderAuth(`/auth?redirect=${encodeURIComponent('//evil.example')}`);
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(address()).toHaveTextContent(/^\/$/);
  });
});

describe('the auth page in the app, whose pages trail the address bar', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it.each([
    ['/auth', '/'],
    ['/auth?confirmed=true', '/'],
    [`/auth?confirmed=true&${BACK_TO_GUARD}`, GUARD_PAGE],
  ])('takes a signed-in user from %s to %s, never leaving an empty page', async (from, to) => {
    mockFetch({ ...signedInAs(), 'GET /api/notifications': () => json({ items: [], unreadCount: 0 }), 'GET /api/guards/guard-1': () => pending() });
    window.history.replaceState(null, '', from);
    await Promise.all([preloadPage('/auth'), preloadPage(to)]);
    render(
      <AppProviders known={{ me: makeMe() }}>
        <App />
      </AppProviders>,
    );

    await waitFor(() => expect(window.location.pathname + window.location.search).toBe(to));
    const main = screen.getByRole('main');
    await waitFor(() => expect(main).not.toBeEmptyDOMElement());
    if (to === '/') expect(await within(main).findByRole('heading', { name: 'Select and Deploy the Best' })).toBeInTheDocument();
    else expect(await within(main).findByText('Loading guard profile...')).toBeInTheDocument();
    if (from.includes('confirmed')) expect(await screen.findByText('Email Confirmed!', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
