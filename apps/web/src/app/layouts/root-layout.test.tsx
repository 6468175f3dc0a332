import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { RootLayout } from './root-layout.tsx';

const page = (
  <RootLayout>
    <p>The page</p>
  </RootLayout>
);

describe('the root layout', () => {
  it('frames site pages with the header and footer', async () => {
    mockFetch();
    renderWithApp(page, { route: '/guards' });
    expect(await screen.findByText('The page')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it.each(['/admin', '/admin-dashboard'])('leaves %s to the console’s own frame', async (route) => {
    mockFetch();
    renderWithApp(page, { route });
    expect(await screen.findByText('The page')).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
  });
});
