import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inDays, makeNewBooking, makePayment, makeQuote } from '@/test/booking-fixtures.ts';
import { GUARD_ID, type Handlers } from '@/test/booking-wizard.tsx';
import { makeGuard, makeGuardDetails, makeGuardList } from '@/test/factories.ts';
import { json, mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { BookingPage } from './booking.tsx';

afterEach(() => {
  vi.useRealTimers();
});

const clientApi = (extra: Handlers = {}): Handlers => ({
  ...signedInAs({ role: 'client', phone: '254712345678' }),
  [`GET /api/guards/${GUARD_ID}`]: () => json(makeGuardDetails({ id: GUARD_ID, displayName: 'Otieno Kamau' })),
  'GET /api/guards': () => json(makeGuardList([makeGuard({ id: 'b1c2d3e4-0000-4000-8000-000000000002', displayName: 'Amina Hassan' })])),
  'POST /api/bookings/quote': () => json(makeQuote({ price: 18_000, hourlyRate: 1500, durationHours: 6 })),
  ...extra,
});

function renderBooking(api: Handlers, route = `/booking?guardId=${GUARD_ID}`) {
  const fetch = mockFetch(api);
  const pages = { '/auth': <h1>Auth page</h1>, '/guards': <h1>Guards page</h1>, '/dashboard': <h1>Dashboard page</h1> };
  return { ...renderWithApp(<BookingPage />, { route, pages }), fetch };
}

const address = () => screen.getByRole('status', { name: 'Address' });
const continueButton = () => screen.getByRole('button', { name: 'Continue' });

// Journeys through several steps of a form: slower than one click on a busy machine.
describe('/booking', { timeout: 15_000 }, () => {
  it.each([
    ['a visitor', {}],
    ['a guard', signedInAs({ role: 'guard' })],
  ])('turns away %s with Access Denied and sends them to sign in', async (_who, api) => {
    renderBooking(api);

    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    expect(screen.getByText('Please sign in as a client to book security services.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Auth page' })).toBeInTheDocument();
  });

  it('preselects the guard of ?guardId= and needs a team and a dress code to go on', async () => {
    const { user } = renderBooking(clientApi());

    expect(await screen.findByRole('heading', { name: 'Book Security Service' })).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Guard Selection' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Otieno Kamau/ })).toBeChecked();
    expect(await screen.findByRole('radio', { name: /Amina Hassan/ })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: /Business Suit/ })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Back to Guards' })).toHaveAttribute('href', '/guards');

    await user.clear(screen.getByRole('spinbutton', { name: /Number of guards/ }));
    expect(screen.getByText('Please enter at least 1 guard')).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();
    await user.type(screen.getByRole('spinbutton', { name: /Number of guards/ }), '3');
    await user.click(screen.getByRole('radio', { name: /Tactical Uniform/ }));
    expect(continueButton()).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Guards page' })).toBeInTheDocument();
  });

  it('says a guard of ?guardId= who is not taking bookings is unavailable before any form, and offers another guard', async () => {
    const unavailable = {
      [`GET /api/guards/${GUARD_ID}`]: () => json(makeGuardDetails({ id: GUARD_ID, displayName: 'Otieno Kamau', availability: false })),
    };
    const { user, fetch } = renderBooking(clientApi(unavailable));

    expect(await screen.findByRole('heading', { name: 'Otieno Kamau is unavailable' })).toBeInTheDocument();
    expect(screen.getByText(/This guard is not taking bookings right now/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Guard Selection' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose another guard' })).toHaveAttribute('href', '/guards');

    await user.click(screen.getByRole('link', { name: 'Book any available guard' }));
    expect(await screen.findByRole('heading', { name: 'Guard Selection' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Otieno Kamau/ })).not.toBeInTheDocument();
    expect(address()).toHaveTextContent(/^\/booking$/);
    expect(fetch.calls('POST', '/api/bookings')).toHaveLength(0);
  });

  it('takes a client who chose another guard to the guard list', async () => {
    const unavailable = { [`GET /api/guards/${GUARD_ID}`]: () => json(makeGuardDetails({ id: GUARD_ID, availability: false })) };
    const { user } = renderBooking(clientApi(unavailable));
    await user.click(await screen.findByRole('link', { name: 'Choose another guard' }));
    expect(await screen.findByRole('heading', { name: 'Guards page' })).toBeInTheDocument();
  });

  it('asks for the dates, the hours and the place on Booking Details', async () => {
    const { user } = renderBooking(clientApi(), '/booking');
    await user.click(await screen.findByRole('button', { name: 'Continue' }));

    expect(screen.getByRole('heading', { name: 'Booking Details' })).toBeInTheDocument();
    expect(screen.getByText('Please select a start date.')).toBeInTheDocument();
    expect(screen.getByText('Please select a location.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Daily/ }));
    expect(screen.getByText('Please select start and end dates for daily booking.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Hourly/ }));
    fireEvent.change(screen.getByLabelText(/^Date/), { target: { value: inDays(2) } });
    await user.selectOptions(screen.getByRole('combobox', { name: /Location/ }), 'Other');
    expect(screen.getByText('Please specify the location.')).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: /Specific location/ }), 'Two Rivers Mall');
    expect(continueButton()).toBeEnabled();
  });

  it('reviews with the server’s price, books (Booking Created!), starts the payment (Payment Initiated Successfully!) and goes to the dashboard', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(window, 'open').mockReturnValue(null);
    const paid = makePayment({ status: 'paid', amount: 18_000, bookingStatus: 'confirmed', bookingPaymentStatus: 'paid' });
    const { user, fetch } = renderBooking(
      clientApi({
        'POST /api/bookings': () => json(makeNewBooking({ price: 18_000, durationHours: 6 }), 201),
        'POST /api/bookings/booking-1/payments': () => json(makePayment({ amount: 18_000 }), 201),
        'GET /api/payments/payment-1': () => json(paid),
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    fireEvent.change(screen.getByLabelText(/^Date/), { target: { value: inDays(2) } });
    await user.selectOptions(screen.getByRole('combobox', { name: /Location/ }), 'Westlands');
    await user.click(continueButton());

    expect(screen.getByRole('heading', { name: 'Review & Confirm' })).toBeInTheDocument();
    expect(await screen.findByText('1 guard × 6 hours × KES 1,500/hour')).toBeInTheDocument();
    expect(fetch.calls('POST', '/api/bookings/quote')[0]?.body).toMatchObject({ serviceType: null, guardId: GUARD_ID });
    await user.click(screen.getByRole('button', { name: /Proceed to Payment/ }));
    expect(fetch.calls('POST', '/api/bookings')[0]?.body).toMatchObject({ totalCost: 18_000 });
    expect(await screen.findByText('Booking Created!')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Pay KES 18,000' }));
    expect(await screen.findByText('Payment Initiated Successfully!')).toBeInTheDocument();
    expect(await screen.findByText('Thank you! Payment Successful!')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(address()).toHaveTextContent('/dashboard');
  });
});
