import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMe, mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { AppProviders } from './providers.tsx';
import { App } from './router.tsx';

// After a release, the old page's files are gone from the server: importing them fails like this.
vi.mock('./routes/privacy.tsx', () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/privacy-old.js')));
vi.mock('@/components/layout/user-menu.tsx', () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/user-menu-old.js')));

let reported: unknown[][];
beforeEach(() => {
  // React reports the errors a boundary catches; here they are expected, and checked below.
  reported = [];
  vi.mocked(console.error).mockImplementation((...args: unknown[]) => void reported.push(args));
});
afterEach(() => window.history.replaceState(null, '', '/'));

function renderApp(path: string, signedIn: boolean) {
  window.history.replaceState(null, '', path);
  mockFetch({ ...(signedIn ? signedInAs() : {}), 'GET /api/notifications': () => Response.json({ items: [], unreadCount: 0 }) });
  return render(
    <AppProviders known={{ me: signedIn ? makeMe() : null }}>
      <App />
    </AppProviders>,
  );
}

/** What React reported about the error the boundary caught. */
const reportedText = () => reported.flat().map(String).join('\n');

describe('code that fails to load', () => {
  it('shows the error page with a reload button when a page cannot be loaded, not a white page', async () => {
    renderApp('/privacy', false);

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Please reload the page and try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    // The site's header stays, so the rest of the site is still in reach.
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(reportedText()).toMatch(/error boundary you provided, RouteErrorBoundary/);
  });

  it('shows the error page, not a white page, when a part of the header cannot be loaded', async () => {
    const { container } = renderApp('/', true);
    // A plain click: hovering would also start the download, whose failure the button does not wait for.
    fireEvent.click(await screen.findByRole('button', { name: /User menu/ }));

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(container).not.toBeEmptyDOMElement();
    expect(reportedText()).toMatch(/error boundary you provided, RouteErrorBoundary/);
  });
});
