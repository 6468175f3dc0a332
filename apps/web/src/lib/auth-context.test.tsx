import { Component, type ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { json, makeMe, mockFetch } from '@/test/fetch-mock.ts';
import { describe, expect, it } from 'vitest';
import { AuthProvider, useAuth } from './auth-context.tsx';

class ShowError extends Component<{ children: ReactNode }, { message: string | null }> {
  override state = { message: null };
  static getDerivedStateFromError(error: Error) {
    return { message: error.message };
  }
  override render() {
    return this.state.message ? <p role="alert">{this.state.message}</p> : this.props.children;
  }
}

function ReadsSession() {
  const { user, loading, refreshProfile } = useAuth();
  return (
    <>
      <p>{loading ? 'loading' : (user?.email ?? 'signed out')}</p>
      <button type="button" onClick={() => void refreshProfile()}>
        Refresh
      </button>
    </>
  );
}

describe('useAuth', () => {
  it('is an error outside its provider', () => {
    const caught: unknown[] = [];
    render(
      <ShowError>
        <ReadsSession />
      </ShowError>,
      { onCaughtError: (error) => caught.push(error) },
    );

    expect(screen.getByRole('alert')).toHaveTextContent('useAuth must be used within an AuthProvider');
    expect(caught).toHaveLength(1);
  });

  it('starts signed in, without asking the server again, when the session was known before the first render', () => {
    const server = mockFetch();
    const me = makeMe({ role: 'client' });
    render(
      <AuthProvider retries={0} known={{ me }}>
        <ReadsSession />
      </AuthProvider>,
    );
    // The very first render already shows the user: no 'loading' in between.
    expect(screen.getByText(me.user.email)).toBeInTheDocument();
    expect(server.calls('GET', '/api/me')).toHaveLength(0);
  });

  it('asks the server when nothing is known, and shows loading meanwhile', async () => {
    const server = mockFetch();
    render(
      <AuthProvider retries={0}>
        <ReadsSession />
      </AuthProvider>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    expect(server.calls('GET', '/api/me')).toHaveLength(1);
  });

  it('asks the server afresh after signing in, even though a signed-out answer came before the first render', async () => {
    const me = makeMe({ role: 'client' });
    const server = mockFetch({ 'GET /api/me': () => json(me) });
    render(
      <AuthProvider retries={0} known={{ me: null }} firstAnswer={Promise.resolve(null)}>
        <ReadsSession />
      </AuthProvider>,
    );
    expect(screen.getByText('signed out')).toBeInTheDocument();
    screen.getByRole('button', { name: 'Refresh' }).click();
    expect(await screen.findByText(me.user.email)).toBeInTheDocument();
    expect(server.calls('GET', '/api/me')).toHaveLength(1);
  });
});
