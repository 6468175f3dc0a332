import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { CancelPaidBooking } from './cancel-paid-booking.tsx';

const BOOKING = { id: 'booking-1', reference: 'OPS-ABC234' };
const PREVIEW = 'GET /api/bookings/booking-1/cancellation';
const CANCEL = 'POST /api/bookings/booking-1/cancel';
const HALF = { paid: true, window: 'partial', minutesBeforeStart: 1800, percent: 50, amountPaid: 9600, refund: 4800 };

describe("'Cancel booking' on a paid booking", () => {
  it('shows the policy and what goes back now, asks why, then cancels with the figure the client saw', async () => {
    const fetch = mockFetch({
      ...signedInAs({}),
      [PREVIEW]: () => json({ ...HALF, message: 'Under the cancellation policy you get KES 4,800 back (50% of KES 9,600).' }),
      [CANCEL]: () => json({ ...BOOKING, status: 'cancelled', refund: 4800, refundPercent: 50 }),
    });
    const { user } = renderWithApp(<CancelPaidBooking booking={BOOKING} />);
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel booking OPS-ABC234?' });
    expect(dialog).toHaveTextContent('Cancel more than 48 hours before the start and 95% of the price is refunded');
    expect(await screen.findByText('Under the cancellation policy you get KES 4,800 back (50% of KES 9,600).')).toBeInTheDocument();

    // No reason: asked for, nothing sent.
    await user.click(screen.getAllByRole('button', { name: 'Cancel booking' }).at(-1)!);
    expect(await screen.findByText('Choose why you are cancelling.')).toBeInTheDocument();
    // 'Other' needs a few words.
    await user.selectOptions(screen.getByLabelText(/Why are you cancelling/), 'Other');
    await user.click(screen.getAllByRole('button', { name: 'Cancel booking' }).at(-1)!);
    expect(await screen.findByText('Say in a few words why you are cancelling.')).toBeInTheDocument();
    expect(fetch.calls('POST', '/api/bookings/booking-1/cancel')).toHaveLength(0);

    await user.type(screen.getByLabelText(/Anything we should know/), 'The event moved to March');
    await user.click(screen.getAllByRole('button', { name: 'Cancel booking' }).at(-1)!);
    expect(await screen.findByText(/Booking OPS-ABC234 is cancelled\. KES 4,800 \(50%\) goes back to you the way you paid/)).toBeInTheDocument();
    expect(fetch.calls('POST', '/api/bookings/booking-1/cancel').map((c) => c.body)).toEqual([
      { reason: 'Other', note: 'The event moved to March', expectedRefund: 4800 },
    ]);
  });

  it('shows the new figure when the refund changed while the dialog was open, and cancels nothing', async () => {
    let reads = 0;
    const fetch = mockFetch({
      ...signedInAs({}),
      [PREVIEW]: () => {
        reads += 1;
        return reads === 1
          ? json({
              ...HALF,
              window: 'full',
              percent: 95,
              refund: 9120,
              message: 'Under the cancellation policy you get KES 9,120 back (95% of KES 9,600).',
            })
          : json({ ...HALF, message: 'Under the cancellation policy you get KES 4,800 back (50% of KES 9,600).' });
      },
      [CANCEL]: () =>
        json(
          { code: 'CONFLICT', message: 'The refund has changed since you opened this: the start is nearer now. Check the new figure and confirm again.' },
          409,
        ),
    });
    const { user } = renderWithApp(<CancelPaidBooking booking={BOOKING} />);
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    await screen.findByText(/KES 9,120 back/);
    await user.selectOptions(screen.getByLabelText(/Why are you cancelling/), 'Plans changed');
    await user.click(screen.getAllByRole('button', { name: 'Cancel booking' }).at(-1)!);
    expect(await screen.findByText(/The refund has changed since you opened this/)).toBeInTheDocument();
    expect(await screen.findByText(/KES 4,800 back/)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(fetch.calls('POST', '/api/bookings/booking-1/cancel')[0]?.body).toMatchObject({ expectedRefund: 9120 });
  });
});
