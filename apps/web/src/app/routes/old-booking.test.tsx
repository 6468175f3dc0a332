import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDaysToDate } from '@ops/shared/domain/nairobi-time';
import { inDays, makeNewBooking, makePayment } from '@/test/booking-fixtures.ts';
import type { Handlers } from '@/test/booking-wizard.tsx';
import { json, mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { OldBookingPage } from './old-booking.tsx';

afterEach(() => {
  vi.useRealTimers();
});

const clientApi = (extra: Handlers = {}): Handlers => ({ ...signedInAs({ role: 'client', phone: null }), ...extra });

function renderForm(api: Handlers, route = '/old-booking') {
  const fetch = mockFetch(api);
  const pages = { '/auth': <h1>Auth page</h1>, '/booking-success': <h1>Booking success page</h1> };
  return { ...renderWithApp(<OldBookingPage />, { route, pages }), fetch };
}

const proceed = () => screen.getByRole('button', { name: /Proceed to Payment/ });
const estimate = () => screen.getByRole('region', { name: 'Estimated price' });

// Journeys through several steps of a form: slower than one click on a busy machine.
describe('/old-booking', { timeout: 15_000 }, () => {
  it('turns away anyone but a client', async () => {
    renderForm(signedInAs({ role: 'admin' }));

    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    expect(screen.getByText('Please sign in as a client to book security services.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Auth page' })).toBeInTheDocument();
  });

  it('shows the rates and prices an hourly booking as it is filled in', async () => {
    const { user } = renderForm(clientApi());

    expect(await screen.findByRole('radio', { name: /VIP Protection/ })).toBeInTheDocument();
    expect(screen.getByText('KES 2,500/hour')).toBeInTheDocument();
    expect(proceed()).toBeDisabled();
    expect(screen.queryByLabelText(/Shift type/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /VIP Protection/ }));
    fireEvent.change(screen.getByLabelText(/Start date/), { target: { value: inDays(2) } });
    fireEvent.change(screen.getByLabelText(/End time/), { target: { value: '19:00' } });
    expect(estimate()).toHaveTextContent('1 guard × 10 hours × KES 2,000/hour');
    const guards = screen.getByRole('spinbutton', { name: /Number of guards/ });
    await user.clear(guards);
    await user.tab();
    expect(guards).toHaveValue(1);
    await user.clear(guards);
    await user.type(guards, '0');
    expect(guards).toHaveValue(1);
    await user.clear(guards);
    await user.type(guards, '2');
    expect(estimate()).toHaveTextContent('2 guards × 10 hours × KES 2,000/hour');
    expect(estimate()).toHaveTextContent('KES 40,000');
    expect(proceed()).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: /Location/ }), 'Loresho');
    expect(proceed()).toBeEnabled();
  });

  it('shows the shift for daily bookings and the 30-day end for monthly ones', async () => {
    const { user } = renderForm(clientApi());
    await user.click(await screen.findByRole('radio', { name: /Manned Guarding/ }));
    fireEvent.change(screen.getByLabelText(/Start date/), { target: { value: inDays(2) } });

    await user.click(screen.getByRole('radio', { name: /Daily/ }));
    expect(screen.getByRole('radio', { name: /Day shift/ })).toBeChecked();
    expect(screen.queryByLabelText(/Start time/)).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/End date/), { target: { value: inDays(4) } });
    expect(estimate()).toHaveTextContent('1 guard × 3 days × 12 hours × KES 1,000/hour');
    await user.click(screen.getByRole('radio', { name: /Custom/ }));
    expect(screen.getByLabelText(/Start time/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/End time/)).not.toBeInTheDocument();
    expect(estimate()).toHaveTextContent('3 days × 24 hours');

    await user.click(screen.getByRole('radio', { name: /Monthly/ }));
    expect(screen.getByLabelText(/End date/)).toHaveValue(addDaysToDate(inDays(2), 30));
    expect(screen.queryByRole('radio', { name: /Day shift/ })).not.toBeInTheDocument();
    expect(estimate()).toHaveTextContent('KES 720,000');
  });

  it('shows every rule’s message when Proceed is pressed with a short hourly booking', async () => {
    const { user, fetch } = renderForm(clientApi());
    await user.click(await screen.findByRole('radio', { name: /Event Security/ }));
    fireEvent.change(screen.getByLabelText(/Start date/), { target: { value: inDays(2) } });
    fireEvent.change(screen.getByLabelText(/End time/), { target: { value: '12:00' } });
    await user.selectOptions(screen.getByRole('combobox', { name: /Location/ }), 'Karen');
    await user.click(proceed());

    expect(screen.getByText('Minimum booking is 6 hours.')).toBeInTheDocument();
    expect(fetch.calls('POST', '/api/bookings/form')).toHaveLength(0);
  });

  it('creates the booking, then pays by M-Pesa with a phone number and goes on to the success page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(window, 'open').mockReturnValue(null);
    const { user, fetch } = renderForm(
      clientApi({
        'POST /api/bookings/form': () => json(makeNewBooking({ price: 24_000 }), 201),
        'POST /api/bookings/booking-1/payments': () => json(makePayment({ amount: 24_000 }), 201),
        'GET /api/payments/payment-1': () => json(makePayment({ amount: 24_000, status: 'paid' })),
      }),
      `/old-booking?guardId=0d9f4c1e-2b3a-4c5d-8e9f-0a1b2c3d4e5f`,
    );
    await user.click(await screen.findByRole('radio', { name: /Elite Protection/ }));
    fireEvent.change(screen.getByLabelText(/Start date/), { target: { value: inDays(2) } });
    await user.selectOptions(screen.getByRole('combobox', { name: /Location/ }), 'Runda');
    await user.type(screen.getByRole('textbox', { name: /Notes/ }), 'Gate B');
    await user.click(proceed());

    expect(await screen.findByText('Booking created! Please complete payment to confirm your booking.')).toBeInTheDocument();
    expect(fetch.calls('POST', '/api/bookings/form')[0]?.body).toEqual({
      serviceType: 'elite',
      bookingType: 'hourly',
      startDate: inDays(2),
      startTime: '09:00',
      endTime: '17:00',
      location: 'Runda',
      guards: 1,
      notes: 'Gate B',
      guardId: '0d9f4c1e-2b3a-4c5d-8e9f-0a1b2c3d4e5f',
    });
    expect(screen.getByRole('radio', { name: /Card\/Bank/ })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Pay KES 24,000' })).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: /M-Pesa/ }));
    await user.click(screen.getByRole('button', { name: 'Pay KES 24,000' }));
    expect(await screen.findByText('Phone Number Required')).toBeInTheDocument();
    expect(screen.getByText('Please enter your M-Pesa phone number.')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /M-Pesa phone number/ }), '0712 345 678');
    await user.click(screen.getByRole('button', { name: 'Pay KES 24,000' }));
    expect(await screen.findByText('Payment Initiated Successfully!')).toBeInTheDocument();
    expect(await screen.findByText('Thank you! Payment Successful!')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByRole('heading', { name: 'Booking success page' })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await screen.findByRole('heading', { name: 'Booking success page' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/booking-success?payment=payment-1');
  });

  it('says why the booking was refused', async () => {
    const busy = 'This guard is not available for booking at the moment. Please choose another guard.';
    const { user } = renderForm(clientApi({ 'POST /api/bookings/form': () => json({ code: 'CONFLICT', message: busy }, 409) }));
    await user.click(await screen.findByRole('radio', { name: /Elite Protection/ }));
    fireEvent.change(screen.getByLabelText(/Start date/), { target: { value: inDays(2) } });
    await user.selectOptions(screen.getByRole('combobox', { name: /Location/ }), 'Runda');
    await user.click(proceed());

    expect(await screen.findByText('Booking Failed')).toBeInTheDocument();
    expect(screen.getByText(busy)).toBeInTheDocument();
  });
});
