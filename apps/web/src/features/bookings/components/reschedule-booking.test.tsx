import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { RescheduleBooking } from './reschedule-booking.tsx';

// 09:00 in Nairobi on 10 March 2027.
const BOOKING = { id: 'booking-1', reference: 'OPS-ABC234', startTime: '2027-03-10T06:00:00.000Z' };
const OPTIONS = 'GET /api/bookings/booking-1/reschedule';
const MOVE = 'POST /api/bookings/booking-1/reschedule';
const base = { refusal: null, movesLeft: 2, noticeHours: 24, startTime: BOOKING.startTime, endTime: '2027-03-10T14:00:00.000Z', check: null };
const OTIENO = { profileId: 'g1', fullName: 'Otieno Juma', reason: 'Otieno Juma is already booked for part of that time.' };

const newDate = (value: string) => fireEvent.change(screen.getByLabelText(/New date/), { target: { value } });

describe("'Reschedule' on a paid booking", () => {
  it('checks the new time with the server, then moves the booking', async () => {
    const fetch = mockFetch({
      ...signedInAs({}),
      [OPTIONS]: ({ query }) =>
        json(query.date ? { ...base, check: { startTime: '2027-03-12T06:00:00.000Z', endTime: '2027-03-12T14:00:00.000Z', unavailable: [] } } : base),
      [MOVE]: () => json({ ...BOOKING, startTime: '2027-03-12T06:00:00.000Z', endTime: '2027-03-12T14:00:00.000Z', movesLeft: 1, guardsTakenOff: [] }),
    });
    const { user } = renderWithApp(<RescheduleBooking booking={BOOKING} />);
    await user.click(screen.getByRole('button', { name: 'Reschedule' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Reschedule booking OPS-ABC234' }));
    expect(await dialog.findByText('A booking can be moved up to 24 hours before its start; this one has 2 moves left.')).toBeInTheDocument();
    expect(dialog.getByLabelText(/New date/)).toHaveValue('2027-03-10');
    expect(dialog.getByLabelText(/New start time/)).toHaveValue('09:00');

    newDate('2027-03-12');
    expect(await dialog.findByText('Your guards can work then.')).toBeInTheDocument();
    expect(fetch.calls('GET', '/api/bookings/booking-1/reschedule').at(-1)?.query).toEqual({ date: '2027-03-12', startTime: '09:00' });
    await user.click(dialog.getByRole('button', { name: 'Move booking' }));
    expect(await screen.findByText(/Booking OPS-ABC234 now starts/)).toBeInTheDocument();
    expect(fetch.calls('POST', '/api/bookings/booking-1/reschedule').map((c) => c.body)).toEqual([{ date: '2027-03-12', startTime: '09:00' }]);
  });

  it('names a guard who cannot work then, and moves only when the client agrees to a new guard', async () => {
    const fetch = mockFetch({
      ...signedInAs({}),
      [OPTIONS]: ({ query }) => json(query.date ? { ...base, check: { startTime: '', endTime: '', unavailable: [OTIENO] } } : base),
      [MOVE]: () => json({ ...BOOKING, movesLeft: 1, guardsTakenOff: ['Otieno Juma'] }),
    });
    const { user } = renderWithApp(<RescheduleBooking booking={BOOKING} />);
    await user.click(screen.getByRole('button', { name: 'Reschedule' }));
    const dialog = within(screen.getByRole('dialog'));
    await dialog.findByLabelText(/New date/);
    newDate('2027-03-13');
    expect(await dialog.findByText('Otieno Juma is already booked for part of that time.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Move booking' })).toBeDisabled();
    await user.click(dialog.getByRole('checkbox', { name: /Move it anyway: the OPS office will find another guard/ }));
    await user.click(dialog.getByRole('button', { name: 'Move booking' }));
    expect(await screen.findByText(/in place of Otieno Juma/)).toBeInTheDocument();
    expect(fetch.calls('POST', '/api/bookings/booking-1/reschedule')[0]?.body).toEqual({ date: '2027-03-13', startTime: '09:00', restaff: true });
  });

  it('names the operator’s numbers as the server gives them', async () => {
    mockFetch({ ...signedInAs({}), [OPTIONS]: () => json({ ...base, noticeHours: 1, movesLeft: 1 }) });
    const { user } = renderWithApp(<RescheduleBooking booking={BOOKING} />);
    await user.click(screen.getByRole('button', { name: 'Reschedule' }));
    expect(await screen.findByText('A booking can be moved up to 1 hour before its start; this one has 1 move left.')).toBeInTheDocument();
  });

  it('says why when the policy does not allow a move, and offers none', async () => {
    mockFetch({
      ...signedInAs({}),
      [OPTIONS]: () =>
        json({ ...base, refusal: 'This booking has been moved 2 times already, the most allowed. Cancel it, or call the OPS office.', movesLeft: 0 }),
    });
    const { user } = renderWithApp(<RescheduleBooking booking={BOOKING} />);
    await user.click(screen.getByRole('button', { name: 'Reschedule' }));
    expect(await screen.findByText(/moved 2 times already/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move booking' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/New date/)).not.toBeInTheDocument();
  });

  it('shows the server’s field error for a date it refuses', async () => {
    mockFetch({
      ...signedInAs({}),
      [OPTIONS]: ({ query }) =>
        query.date ? json({ code: 'validation', message: 'Invalid', fields: { date: 'Bookings can be made at most 30 days ahead.' } }, 400) : json(base),
    });
    const { user } = renderWithApp(<RescheduleBooking booking={BOOKING} />);
    await user.click(screen.getByRole('button', { name: 'Reschedule' }));
    await screen.findByLabelText(/New date/);
    newDate('2027-05-01');
    expect(await screen.findByText('Bookings can be made at most 30 days ahead.')).toBeInTheDocument();
  });
});
