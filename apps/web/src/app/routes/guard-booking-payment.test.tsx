import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inDays, makeNewBooking, makePayment, makeQuote } from '@/test/booking-fixtures.ts';
import { continueButton, fillWizardToSummary, GUARD_ID, openWizard, wizardApi, type Handlers } from '@/test/booking-wizard.tsx';
import { json, pending } from '@/test/fetch-mock.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** Answers in turn, the last one again and again. */
function answers(...replies: (() => Response | Promise<Response>)[]) {
  let n = 0;
  return () => (replies[Math.min(n++, replies.length - 1)] as () => Response | Promise<Response>)();
}

async function toPayment(extra: Handlers = {}) {
  const app = await openWizard(wizardApi({ 'POST /api/bookings': () => json(makeNewBooking(), 201), ...extra }));
  await fillWizardToSummary(app);
  await app.user.click(await app.dialog.findByRole('button', { name: /Proceed to Payment/ }));
  await app.dialog.findByRole('heading', { name: 'Complete Payment' });
  return app;
}

// Journeys through several steps of a form: slower than one click on a busy machine.
describe('the booking wizard: summary', { timeout: 15_000 }, () => {
  it('shows every choice and the price the server quoted, with its breakdown and the terms', async () => {
    let answer: (response: Response) => void = () => {};
    const app = await openWizard(wizardApi({ 'POST /api/bookings/quote': () => new Promise<Response>((resolve) => (answer = resolve)) }));
    await fillWizardToSummary(app);
    const { dialog, fetch } = app;

    expect(dialog.getByRole('heading', { name: 'Review Booking' })).toBeInTheDocument();
    expect(dialog.getByText('Calculating your price...')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: /Proceed to Payment/ })).toBeDisabled();
    expect(dialog.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    const review = dialog.getByLabelText('Your booking');
    expect(review).toHaveTextContent('Security Team');
    expect(review).toHaveTextContent('Otieno Kamau');
    expect(review).toHaveTextContent('8 hours');
    expect(review).toHaveTextContent('9:00 AM');
    expect(review).toHaveTextContent('Karen');
    expect(review).toHaveTextContent('12 Karen Road');
    expect(review).toHaveTextContent('Business Suit');
    expect(dialog.getByText(/Payment is required to confirm your booking/)).toHaveTextContent(/SMS confirmation/);
    expect(fetch.calls('POST', '/api/bookings/quote')[0]?.body).toMatchObject({
      serviceType: 'team',
      guardId: GUARD_ID,
      teamSize: 2,
      date: inDays(3),
      startTime: '09:00',
      duration: 8,
      durationType: 'hourly',
      dressCode: 'business_suit',
      location: 'Karen',
      address: '12 Karen Road',
      endDate: null,
    });

    act(() => answer(json(makeQuote({ price: 28_800, hourlyRate: 1800, durationHours: 8 }))));
    expect(await dialog.findByText('KES 28,800')).toBeInTheDocument();
    expect(dialog.getByText('2 guards × 8 hours × KES 1,800/hour')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: /Proceed to Payment/ })).toBeEnabled();
  });

  it('creates the booking at the quoted price, says Booking Created!, and moves on to payment', async () => {
    const { dialog, fetch } = await toPayment();

    expect(await screen.findByText('Booking Created!')).toBeInTheDocument();
    expect(screen.getByText('Booking OPS-ABC234 is held for you for 30 minutes. Complete payment to confirm it.')).toBeInTheDocument();

    expect(fetch.calls('POST', '/api/bookings')[0]?.body).toMatchObject({ totalCost: 28_800, teamSize: 2, location: 'Karen' });
    expect(dialog.getByText('Step 6 of 6')).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: /M-Pesa phone number/ })).toHaveValue('+254 712 345 678');
    expect(dialog.getByRole('button', { name: 'Pay KES 28,800' })).toBeEnabled();
  });

  it('sends a refused field back to its step with the server’s message', async () => {
    const busy = 'This guard is already booked for part of that time. Please choose another time or another guard.';
    const app = await openWizard(wizardApi({ 'POST /api/bookings': () => json({ code: 'CONFLICT', message: busy, fields: { guardId: busy } }, 409) }));
    await fillWizardToSummary(app);
    await app.user.click(await app.dialog.findByRole('button', { name: /Proceed to Payment/ }));

    expect(await app.dialog.findByRole('heading', { name: 'Select Guards' })).toBeInTheDocument();
    expect(app.dialog.getByText(busy)).toBeInTheDocument();
    expect(await screen.findByText('Booking Failed')).toBeInTheDocument();
    // Another time cures it as well as another guard: the client may go on to the schedule.
    await app.user.click(continueButton());
    expect(app.dialog.getByRole('heading', { name: 'Schedule Service' })).toBeInTheDocument();
    await app.user.click(app.dialog.getByRole('button', { name: 'Back' }));
    expect(app.dialog.getByText(busy)).toBeInTheDocument();
    await app.user.click(app.dialog.getByRole('radio', { name: /Amina Hassan/ }));
    expect(app.dialog.queryByText(busy)).not.toBeInTheDocument();
  });

  it('says the booking failed when the server could not create it', async () => {
    const app = await openWizard(wizardApi({ 'POST /api/bookings': () => json({ code: 'INTERNAL_ERROR', message: 'Boom' }, 500) }));
    await fillWizardToSummary(app);
    await app.user.click(await app.dialog.findByRole('button', { name: /Proceed to Payment/ }));

    expect(await screen.findByText('Booking Failed')).toBeInTheDocument();
    expect(screen.getByText('There was an error creating your booking. Please try again.')).toBeInTheDocument();
    expect(app.dialog.getByRole('heading', { name: 'Review Booking' })).toBeInTheDocument();
  });

  it('goes back to the schedule when the quote says the start has passed', async () => {
    const past = { code: 'VALIDATION_ERROR', message: 'Invalid', fields: { startTime: 'The start time is in the past.' } };
    const app = await openWizard(wizardApi({ 'POST /api/bookings/quote': () => json(past, 400) }));
    await fillWizardToSummary(app);

    expect(await app.dialog.findByRole('heading', { name: 'Schedule Service' })).toBeInTheDocument();
    expect(app.dialog.getByText('The start time is in the past.')).toBeInTheDocument();
    fireEvent.change(app.dialog.getByLabelText(/Start time/), { target: { value: '10:00' } });
    expect(app.dialog.queryByText('The start time is in the past.')).not.toBeInTheDocument();
  });
});

describe('the booking wizard: payment', { timeout: 15_000 }, () => {
  it('asks for the M-Pesa phone number before paying', async () => {
    const { dialog, user, fetch } = await toPayment();
    await user.clear(dialog.getByRole('textbox', { name: /M-Pesa phone number/ }));
    await user.click(dialog.getByRole('button', { name: 'Pay KES 28,800' }));

    expect(await screen.findByText('Phone Number Required')).toBeInTheDocument();
    expect(screen.getByText('Please enter your M-Pesa phone number.')).toBeInTheDocument();
    expect(fetch.calls('POST', '/api/bookings/booking-1/payments')).toHaveLength(0);
  });

  it('opens the checkout, waits while the server confirms, then thanks and goes to the success page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { dialog, user, fetch } = await toPayment({
      'POST /api/bookings/booking-1/payments': () => json(makePayment(), 201),
      'GET /api/payments/payment-1': answers(
        () => json(makePayment()),
        () => json(makePayment({ status: 'paid', bookingStatus: 'confirmed', bookingPaymentStatus: 'paid' })),
      ),
    });
    await user.click(dialog.getByRole('button', { name: 'Pay KES 28,800' }));

    expect(await dialog.findByText('Waiting for payment…')).toBeInTheDocument();
    expect(dialog.getByText(/Check your phone and enter your M-Pesa PIN/)).toBeInTheDocument();
    expect(fetch.calls('POST', '/api/bookings/booking-1/payments')[0]?.body).toEqual({ method: 'mpesa', phone: '+254 712 345 678' });
    expect(open).toHaveBeenCalledWith('http://localhost/sandbox/checkout/payment-1', '_blank', 'noopener,noreferrer');
    await waitFor(() => expect(fetch.calls('GET', '/api/payments/payment-1')).toHaveLength(1));

    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(await dialog.findByText('Thank you! Payment Successful!')).toBeInTheDocument();
    expect(await screen.findByText('Payment Successful!')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await screen.findByRole('heading', { name: 'Booking success page' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/booking-success?payment=payment-1');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says why a payment failed and starts a new one for the same booking on retry', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    let attempt = 0;
    const { dialog, user, fetch } = await toPayment({
      'POST /api/bookings/booking-1/payments': () => json(makePayment({ id: `payment-${++attempt}`, method: 'card' }), 201),
      'GET /api/payments/payment-1': () => json(makePayment({ status: 'failed', method: 'card', failureReason: 'The card was declined.' })),
      'GET /api/payments/payment-2': () => pending(),
    });
    await user.click(dialog.getByRole('radio', { name: /Card/ }));
    await user.click(dialog.getByRole('button', { name: 'Pay KES 28,800' }));

    expect(await dialog.findByRole('heading', { name: 'Payment Failed' })).toBeInTheDocument();
    expect(dialog.getByText('The card was declined.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Retry Payment' }));
    await user.click(dialog.getByRole('button', { name: 'Pay KES 28,800' }));

    expect(await dialog.findByText('Waiting for payment…')).toBeInTheDocument();
    expect(fetch.calls('POST', '/api/bookings/booking-1/payments')).toHaveLength(2);
    expect(fetch.calls('POST', '/api/bookings')).toHaveLength(1);
  });

  it('closes on Cancel after a failure, with the provider-less fallback message', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const { dialog, user } = await toPayment({
      'POST /api/bookings/booking-1/payments': () => json(makePayment(), 201),
      'GET /api/payments/payment-1': () => json(makePayment({ status: 'failed' })),
    });
    await user.click(dialog.getByRole('button', { name: 'Pay KES 28,800' }));

    expect(await dialog.findByText('Payment failed. Please try again.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says Payment Error with the provider’s reason when the payment cannot start', async () => {
    const { dialog, user } = await toPayment({
      'POST /api/bookings/booking-1/payments': () =>
        json({ code: 'PAYMENT_PROVIDER_ERROR', message: 'M-Pesa is not answering. Please try again in a minute.' }, 502),
    });
    await user.click(dialog.getByRole('button', { name: 'Pay KES 28,800' }));

    expect(await screen.findByText('Payment Error')).toBeInTheDocument();
    expect(screen.getByText('M-Pesa is not answering. Please try again in a minute.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Pay KES 28,800' })).toBeEnabled();
  });

  it('says the payment system is not available when our server cannot start payments', async () => {
    const { dialog, user } = await toPayment({
      'POST /api/bookings/booking-1/payments': () => json({ code: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again.' }, 500),
    });
    await user.click(dialog.getByRole('button', { name: 'Pay KES 28,800' }));

    expect(await screen.findByText('Payment System Error')).toBeInTheDocument();
    expect(screen.getByText('The payment system is not available right now. Please try again later.')).toBeInTheDocument();
  });
});
