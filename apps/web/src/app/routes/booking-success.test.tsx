import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makePayment } from '@/test/booking-fixtures.ts';
import type { Handlers } from '@/test/booking-wizard.tsx';
import { json, mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { BookingSuccessPage } from './booking-success.tsx';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

const paid = makePayment({ status: 'paid', amount: 28_800, bookingStatus: 'confirmed', bookingPaymentStatus: 'paid' });

function renderSuccess(api: Handlers, route = '/booking-success?payment=payment-1') {
  const fetch = mockFetch(api);
  return { ...renderWithApp(<BookingSuccessPage />, { route, pages: { '/booking-success': <BookingSuccessPage /> } }), fetch };
}

const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('/booking-success', () => {
  it('asks a signed-out visitor to sign in', async () => {
    renderSuccess({});

    expect(await screen.findByRole('heading', { name: 'Please Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      `/auth?redirect=${encodeURIComponent('/booking-success?payment=payment-1')}`,
    );
  });

  it('verifies for at least 2 seconds, then shows the paid booking', async () => {
    const { fetch } = renderSuccess(
      { ...signedInAs(), 'GET /api/payments/payment-1': () => json(paid) },
      '/booking-success?payment=payment-1&tracking_id=ABC123',
    );

    await waitFor(() => expect(fetch.calls('GET', '/api/payments/payment-1')).toHaveLength(1));
    expect(screen.getByText('Verifying your payment...')).toBeInTheDocument();
    await pass(1000);
    expect(screen.getByText('Verifying your payment...')).toBeInTheDocument();
    await pass(1000);
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByText('OPS-ABC234')).toBeInTheDocument();
    expect(screen.getByText('KES 28,800')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'View My Bookings' })).toHaveAttribute('href', '/dashboard');
    expect(fetch.calls('GET', '/api/payments/payment-1')[0]?.query).toEqual({ trackingId: 'ABC123' });
  });

  it('keeps asking while the payment is pending', async () => {
    let n = 0;
    const { fetch } = renderSuccess({ ...signedInAs(), 'GET /api/payments/payment-1': () => json(++n < 3 ? makePayment() : paid) });

    await pass(2000);
    expect(screen.getByText('Verifying your payment...')).toBeInTheDocument();
    await pass(3000);
    await pass(3000);
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(fetch.calls('GET', '/api/payments/payment-1')).toHaveLength(3);
  });

  it('says when confirmation is taking long, and checks again on request', async () => {
    let answer = makePayment();
    renderSuccess({ ...signedInAs(), 'GET /api/payments/payment-1': () => json(answer) });

    await pass(2 * 60_000);
    expect(await screen.findByRole('heading', { name: 'We have not received confirmation yet' })).toBeInTheDocument();
    answer = paid;
    act(() => screen.getByRole('button', { name: 'Check again' }).click());
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
  });

  it('says the payment failed, with the reason, and lets the client retry', async () => {
    const { user, fetch } = renderSuccess({
      ...signedInAs({ phone: '254712345678' }),
      'GET /api/payments/payment-1': () => json(makePayment({ status: 'failed', failureReason: 'You cancelled the M-Pesa request.' })),
      'POST /api/bookings/booking-1/payments': () => json(makePayment({ id: 'payment-2', checkoutUrl: null, provider: 'intasend' }), 201),
      'GET /api/payments/payment-2': () => json(makePayment({ id: 'payment-2', status: 'processing' })),
    });
    await pass(2000);

    expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeInTheDocument();
    expect(screen.getByText('You cancelled the M-Pesa request.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View My Bookings' })).toHaveAttribute('href', '/dashboard');
    await user.click(screen.getByRole('button', { name: 'Retry Payment' }));
    await user.click(screen.getByRole('button', { name: 'Pay KES 28,800' }));

    expect(await screen.findByText('Waiting for payment…')).toBeInTheDocument();
    expect(screen.getByText('Check your phone and enter your M-Pesa PIN')).toBeInTheDocument();
    expect(fetch.calls('POST', '/api/bookings/booking-1/payments')[0]?.body).toEqual({ method: 'mpesa', phone: '+254 712 345 678' });
  });

  it('offers no retry when another payment has paid the booking since', async () => {
    renderSuccess({
      ...signedInAs(),
      'GET /api/payments/payment-1': () => json(makePayment({ status: 'failed', bookingStatus: 'confirmed', bookingPaymentStatus: 'paid' })),
    });
    await pass(2000);

    expect(await screen.findByText('Booking OPS-ABC234 has since been paid with another payment.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry Payment' })).not.toBeInTheDocument();
  });

  it('says so when the payment is not the client’s or does not exist', async () => {
    renderSuccess({ ...signedInAs(), 'GET /api/payments/payment-1': () => json({ code: 'NOT_FOUND', message: 'Payment not found' }, 404) });

    expect(await screen.findByRole('heading', { name: 'Payment Not Found' })).toBeInTheDocument();
  });
});
