import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page.tsx';
import { preloadPage } from './router.tsx';

function Hello() {
  return <h1>Hello page</h1>;
}

describe('pages loaded on demand', () => {
  it('renders a preloaded page in the first render, with no loading fallback in between', async () => {
    const load = vi.fn(() => Promise.resolve(Hello));
    const Page = lazyPage(load);
    await Page.preload();
    render(
      <Suspense fallback={<p>Loading page</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'Hello page' })).toBeInTheDocument();
    expect(screen.queryByText('Loading page')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads a page that was not preloaded when it is rendered, once', async () => {
    const load = vi.fn(() => Promise.resolve(Hello));
    const Page = lazyPage(load);
    render(
      <Suspense fallback={<p>Loading page</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('Loading page')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Hello page' })).toBeInTheDocument();
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load (a dropped connection is not remembered)', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Hello);
    const Page = lazyPage(load);
    await expect(Page.preload()).rejects.toThrow('offline');
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('preloads the page of an address: none for home, the 404 page for an unknown one', async () => {
    expect(preloadPage('/')).toBeNull();
    await expect(preloadPage('/guards')).resolves.toBeUndefined();
    await expect(preloadPage('/guards/5d0c2a8e-0000-4000-8000-000000000000')).resolves.toBeUndefined();
    await expect(preloadPage('/no-such-page')).resolves.toBeUndefined();
  });
});
