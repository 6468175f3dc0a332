import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { CancelUnpaidBooking } from './cancel-unpaid-booking.tsx';

const BOOKING = { id: 'booking-1', reference: 'OPS-ABC234' };
const CANCEL = 'POST /api/bookings/booking-1/cancel';

describe("'Cancel booking' on a booking awaiting payment", () => {
  it('asks first, then cancels once and says the guard is free again', async () => {
    const fetch = mockFetch({ ...signedInAs({}), [CANCEL]: () => json({ ...BOOKING, status: 'cancelled' }) });
    const onCancelled = vi.fn();
    const { user } = renderWithApp(<CancelUnpaidBooking booking={BOOKING} onCancelled={onCancelled} />);
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    expect(screen.getByRole('alertdialog', { name: 'Cancel booking OPS-ABC234?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep booking' }));
    expect(fetch.calls('POST', '/api/bookings/booking-1/cancel')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    await user.click(screen.getAllByRole('button', { name: 'Cancel booking' }).at(-1)!);
    expect(await screen.findByText(/Booking OPS-ABC234 is cancelled and the guard's time is free again/)).toBeInTheDocument();
    expect(fetch.calls('POST', '/api/bookings/booking-1/cancel')).toHaveLength(1);
    expect(onCancelled).toHaveBeenCalledTimes(1);
  });

  it("shows the server's reason when the booking can no longer be cancelled here", async () => {
    mockFetch({
      ...signedInAs({}),
      [CANCEL]: () => json({ code: 'CONFLICT', message: 'This booking is paid. To cancel it, call or WhatsApp the OPS office.' }, 409),
    });
    const onCancelled = vi.fn();
    const { user } = renderWithApp(<CancelUnpaidBooking booking={BOOKING} onCancelled={onCancelled} />);
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    await user.click(screen.getAllByRole('button', { name: 'Cancel booking' }).at(-1)!);
    expect(await screen.findByText('This booking is paid. To cancel it, call or WhatsApp the OPS office.')).toBeInTheDocument();
    expect(onCancelled).not.toHaveBeenCalled();
  });
});
