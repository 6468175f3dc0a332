import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentDto } from '@ops/shared/schemas/payments';
import { makePayment } from '@/test/booking-fixtures.ts';
import { json, mockFetch, pending, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { PAYMENT_GIVE_UP_MS } from '../api/get-payment.ts';
import { PaymentPanel, PROMPT_STILL_OPEN } from './payment-panel.tsx';

afterEach(() => {
  vi.useRealTimers();
});

const BOOKING = { id: 'booking-1', reference: 'OPS-ABC234', price: 28_800 };
const START = 'POST /api/bookings/booking-1/payments';
const TIMED_OUT = 'The M-Pesa prompt was not answered in time';
const DECLINED = 'The M-Pesa request was cancelled by the user';
const NO_FUNDS = 'The M-Pesa balance is not enough for this payment';

const failed = (failureReason: string) => makePayment({ status: 'failed', failureReason, bookingPaymentStatus: 'failed' });
const paid = (overrides: Partial<PaymentDto> = {}) =>
  makePayment({ id: 'payment-2', status: 'paid', bookingStatus: 'confirmed', bookingPaymentStatus: 'paid', ...overrides });

/** The payment step of a booking: the client pays by M-Pesa first, and the server answers with attempts 1, 2, … */
async function payByMpesa(firstAnswer: () => Response | Promise<Response>, second: Partial<PaymentDto> = {}) {
  vi.spyOn(window, 'open').mockReturnValue(null);
  let attempt = 0;
  const fetch = mockFetch({
    ...signedInAs({ phone: '254712345678' }),
    [START]: () => json(attempt++ === 0 ? makePayment() : makePayment({ id: 'payment-2', ...second }), 201),
    'GET /api/payments/payment-1': firstAnswer,
    'GET /api/payments/payment-2': () => json(paid(second)),
  });
  const onPaid = vi.fn();
  const app = renderWithApp(<PaymentPanel booking={BOOKING} defaultPhone="254712345678" onPaid={onPaid} onCancel={() => undefined} />);
  await app.user.click(screen.getByRole('button', { name: 'Pay KES 28,800' }));
  return { ...app, fetch, onPaid };
}

async function expectPaid(fetch: ReturnType<typeof mockFetch>, onPaid: ReturnType<typeof vi.fn>) {
  expect(await screen.findByText('Thank you! Payment Successful!')).toBeInTheDocument();
  expect(onPaid).toHaveBeenCalledTimes(1);
  expect(onPaid.mock.calls[0]?.[0]).toMatchObject({ id: 'payment-2', status: 'paid' });
  expect(fetch.calls('POST', '/api/bookings/booking-1/payments')).toHaveLength(2);
}

const againForm = () => screen.getByRole('form', { name: 'Pay again' });

describe('when an M-Pesa prompt does not go through, the client pays again on the same screen', { timeout: 15_000 }, () => {
  it('unanswered (timed out): the prompt is sent again to the same number, and the booking is paid', async () => {
    const { user, fetch, onPaid } = await payByMpesa(() => json(failed(TIMED_OUT)));

    expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeInTheDocument();
    expect(screen.getAllByText(TIMED_OUT).length).toBeGreaterThan(0);
    expect(within(againForm()).getByRole('textbox', { name: /M-Pesa phone number/ })).toHaveValue('+254 712 345 678');
    expect(screen.getByRole('button', { name: 'Pay by card instead' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Send the prompt again' }));

    await expectPaid(fetch, onPaid);
    expect(fetch.calls('POST', '/api/bookings/booking-1/payments').map((r) => r.body)).toEqual([
      { method: 'mpesa', phone: '+254 712 345 678' },
      { method: 'mpesa', phone: '+254 712 345 678' },
    ]);
  });

  it('declined on the phone: the client corrects the number and the new prompt pays the booking', async () => {
    const { user, fetch, onPaid } = await payByMpesa(() => json(failed(DECLINED)));

    expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeInTheDocument();
    const phone = within(againForm()).getByRole('textbox', { name: /M-Pesa phone number/ });
    await user.clear(phone);
    await user.type(phone, '0722 000 111');
    await user.click(screen.getByRole('button', { name: 'Send the prompt again' }));

    await expectPaid(fetch, onPaid);
    expect(fetch.calls('POST', '/api/bookings/booking-1/payments')[1]?.body).toEqual({ method: 'mpesa', phone: '0722 000 111' });
  });

  it('failed (not enough funds): card starts for the same booking, its page opens, and it pays the booking', async () => {
    const { user, fetch, onPaid } = await payByMpesa(() => json(failed(NO_FUNDS)), {
      method: 'card',
      checkoutUrl: 'http://localhost/sandbox/checkout/card-2',
    });

    expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeInTheDocument();
    expect(screen.getAllByText(NO_FUNDS).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Pay by card instead' }));

    await expectPaid(fetch, onPaid);
    expect(fetch.calls('POST', '/api/bookings/booking-1/payments')[1]?.body).toEqual({ method: 'card', phone: null });
    expect(window.open).toHaveBeenLastCalledWith('http://localhost/sandbox/checkout/card-2', '_blank', 'noopener,noreferrer');
    expect(fetch.calls('POST', '/api/bookings')).toHaveLength(0);
  });

  it('no word at all from the provider: after the wait, card can be chosen from the waiting screen and pays the booking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, fetch, onPaid } = await payByMpesa(() => json(makePayment()), { method: 'card' });

    expect(await screen.findByText('Waiting for payment…')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay by card instead' })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_GIVE_UP_MS));
    expect(await screen.findByText('We have not received confirmation yet')).toBeInTheDocument();
    expect(within(againForm()).getByRole('textbox', { name: /M-Pesa phone number/ })).toHaveValue('+254 712 345 678');
    await user.click(screen.getByRole('button', { name: 'Pay by card instead' }));

    await expectPaid(fetch, onPaid);
  });

  it('checks the number before sending the prompt again', async () => {
    const { user, fetch } = await payByMpesa(() => json(failed(TIMED_OUT)));
    const phone = await within(await screen.findByRole('form', { name: 'Pay again' })).findByRole('textbox', { name: /M-Pesa phone number/ });
    await user.clear(phone);
    await user.type(phone, '12345');
    await user.click(screen.getByRole('button', { name: 'Send the prompt again' }));

    expect(await screen.findByText('Enter the M-Pesa number as 0712 345 678 or +254 712 345 678')).toBeInTheDocument();
    expect(phone).toHaveFocus();
    expect(fetch.calls('POST', '/api/bookings/booking-1/payments')).toHaveLength(1);
  });

  it('says why no card page opened when the server answers with a prompt still ringing', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const fetch = mockFetch({
      ...signedInAs(),
      [START]: () => json(makePayment(), 200),
      'GET /api/payments/payment-1': () => pending(),
    });
    const { user } = renderWithApp(<PaymentPanel booking={BOOKING} initialMethod="card" onPaid={() => undefined} onCancel={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Pay KES 28,800' }));

    expect(await screen.findByText(PROMPT_STILL_OPEN)).toBeInTheDocument();
    expect(screen.getByText(/Check your phone and enter your M-Pesa PIN/)).toBeInTheDocument();
    expect(fetch.calls('POST', '/api/bookings/booking-1/payments')[0]?.body).toEqual({ method: 'card', phone: null });
  });
});
