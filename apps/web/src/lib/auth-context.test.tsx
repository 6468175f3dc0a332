import { Component, type ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAuth } from './auth-context.tsx';

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
  const { user } = useAuth();
  return <p>{user?.email ?? 'signed out'}</p>;
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
});
