import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PRIVACY_NOTICE_VERSION } from '@ops/shared/constants';
import { mockFetch } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { PrivacyPage } from './privacy.tsx';

describe('the privacy notice', () => {
  it('carries its version date, the one sign-up records', () => {
    mockFetch();
    renderWithApp(<PrivacyPage />, { route: '/privacy' });

    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Notice' })).toBeInTheDocument();
    const version = screen.getByText((_, el) => el?.tagName === 'TIME');
    expect(version).toHaveAttribute('datetime', PRIVACY_NOTICE_VERSION);
  });

  it('says what is collected, why, for how long, who sees it, the rights and whom to write to', () => {
    mockFetch();
    renderWithApp(<PrivacyPage />, { route: '/privacy' });

    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections).toEqual([
      'What we collect',
      'Why we use it, and on what lawful basis',
      'How long we keep it',
      'Who else sees it',
      'Your rights',
      'Contact and changes',
    ]);
    for (const kind of ['Your account', 'Guard profile and credentials', 'Bookings', 'Payments', 'Messages', 'Logs and security records']) {
      expect(screen.getByText(kind)).toBeInTheDocument();
    }
    expect(screen.getByText(/for 7 years, which covers the five years the Tax Procedures/)).toBeInTheDocument();
    expect(screen.getByText('90 days, then deleted.')).toBeInTheDocument();
    for (const provider of ['IntaSend', 'Africa’s Talking', 'Our e-mail provider']) expect(screen.getByText(provider)).toBeInTheDocument();
    for (const right of ['access', 'corrected', 'deleted', 'object']) expect(screen.getByText(right)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Office of the Data Protection Commissioner' })).toHaveAttribute('href', 'https://www.odpc.go.ke');
    for (const link of screen.getAllByRole('link', { name: 'privacy@opssecurity.co.ke' })) {
      expect(link).toHaveAttribute('href', 'mailto:privacy@opssecurity.co.ke');
    }
    for (const link of screen.getAllByRole('link', { name: 'Profile Settings' })) expect(link).toHaveAttribute('href', '/profile');
  });
});
