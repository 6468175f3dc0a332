import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CANCELLATION_POLICY } from '@ops/shared/domain/cancellation-policy';
import { DEFAULT_RESCHEDULE_POLICY } from '@ops/shared/domain/reschedule-policy';
import type { PublicSettingsDto } from '@ops/shared/schemas/settings';
import { resetPublicSettings } from '@/lib/public-settings.ts';
import { json, mockFetch } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { SiteFooter } from './site-footer.tsx';
import { TopNav } from './top-nav.tsx';

const SIMBA: PublicSettingsDto = {
  companyName: 'Simba Guards',
  slogan: 'Safe nights in Nairobi.',
  primaryColor: '#14532D',
  logoUrl: '/api/settings/logo?v=5d7c2f4e-0000-4000-8000-000000000001',
  maxAdvanceBookingDays: 10,
  defaultBookingDurationHours: 12,
  cancellationPolicy: DEFAULT_CANCELLATION_POLICY,
  reschedulePolicy: DEFAULT_RESCHEDULE_POLICY,
};

afterEach(() => {
  resetPublicSettings();
  document.documentElement.removeAttribute('style');
  localStorage.clear();
});

describe('the brand in the header and footer', () => {
  it('shows the saved company name, slogan and logo, and paints the site in the saved colour', async () => {
    const api = mockFetch({ 'GET /api/settings/public': () => json(SIMBA) });
    renderWithApp(
      <>
        <TopNav />
        <SiteFooter />
      </>,
    );
    const header = within(screen.getByRole('banner'));
    const footer = within(screen.getByRole('contentinfo'));
    expect(await header.findByRole('link', { name: /Simba Guards/ })).toBeInTheDocument();
    expect(header.getByText('Safe nights in Nairobi.')).toBeInTheDocument();
    expect(footer.getByRole('link', { name: /Simba Guards/ })).toBeInTheDocument();
    expect(footer.getByText('Safe nights in Nairobi.')).toBeInTheDocument();
    expect(footer.getByText(/Simba Guards\. All rights reserved\./)).toBeInTheDocument();
    expect(screen.getAllByRole('banner')[0]!.querySelector('img')).toHaveAttribute('src', SIMBA.logoUrl);
    expect(document.documentElement.style.getPropertyValue('--color-primary')).toBe('#14532D');
    // Both read one answer.
    expect(api.calls('GET', '/api/settings/public')).toHaveLength(1);
  });

  it('keeps the default brand when the settings cannot be read', async () => {
    const api = mockFetch({ 'GET /api/settings/public': () => json({ code: 'UNAVAILABLE', message: 'Down' }, 503) });
    renderWithApp(<SiteFooter />);
    await waitFor(() => expect(api.calls('GET', '/api/settings/public')).toHaveLength(1));
    expect(screen.getByRole('link', { name: /OPS Security/ })).toBeInTheDocument();
    expect(screen.getByText('Select and Deploy the Best.')).toBeInTheDocument();
  });
});
