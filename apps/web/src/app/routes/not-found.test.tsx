import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { NotFoundPage } from './not-found.tsx';

describe('the 404 page', () => {
  it('says the page was not found and links home', () => {
    mockFetch();
    renderWithApp(<NotFoundPage />, { route: '/no-such-page' });

    expect(screen.getByRole('heading', { name: '404' })).toBeInTheDocument();
    expect(screen.getByText('Oops! Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });
});
