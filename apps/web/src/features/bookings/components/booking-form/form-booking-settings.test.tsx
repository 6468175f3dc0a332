import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { addDaysToDate, nairobiDate } from '@ops/shared/domain/nairobi-time';
import { resetPublicSettings } from '@/lib/public-settings.ts';
import { json, mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { FormBooking } from './form-booking.tsx';

const inDays = (days: number) => addDaysToDate(nairobiDate(new Date()), days);

afterEach(() => {
  resetPublicSettings();
  localStorage.clear();
});

describe('the booking form follows the settings', () => {
  it('stops the start date picker at today plus the max advance days and starts with the default duration', async () => {
    mockFetch({
      ...signedInAs({ role: 'client' }),
      'GET /api/settings/public': () =>
        json({
          companyName: 'OPS Security',
          slogan: '',
          primaryColor: '#0F1E36',
          logoUrl: null,
          maxAdvanceBookingDays: 10,
          defaultBookingDurationHours: 12,
        }),
    });
    const first = renderWithApp(<FormBooking guardId={null} onCreated={() => {}} />);
    const start = await screen.findByLabelText(/Start date/);
    await waitFor(() => expect(start).toHaveAttribute('max', inDays(10)));
    first.unmount();

    // A form opened once the settings are known (the page's header reads them first) starts with the default duration.
    renderWithApp(<FormBooking guardId={null} onCreated={() => {}} />);
    expect(await screen.findByLabelText(/Start time/)).toHaveValue('09:00');
    expect(screen.getByLabelText(/End time/)).toHaveValue('21:00');
  });
});
