/**
 * The specification's words for starting a payment: the single-page form and the three-step wizard
 * "initiate" it ('Payment Initiated Successfully!', else 'Payment Failed' with the reason or its
 * fallbacks); the modal wizard's payment screen says 'Payment Error' when it cannot start.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makePayment } from '@/test/booking-fixtures.ts';
import { json, mockFetch, pending, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { PaymentPanel, type PaymentStartWording } from './payment-panel.tsx';

const BOOKING = { id: 'booking-1', reference: 'OPS-ABC234', price: 28_800 };
const START = 'POST /api/bookings/booking-1/payments';

async function pay(wording: PaymentStartWording, start: () => Response | Promise<Response>, method: 'mpesa' | 'card' = 'mpesa') {
  vi.spyOn(window, 'open').mockReturnValue(null);
  mockFetch({ ...signedInAs({ phone: '254712345678' }), [START]: start, 'GET /api/payments/payment-1': () => pending() });
  const { user } = renderWithApp(
    <PaymentPanel
      booking={BOOKING}
      wording={wording}
      initialMethod={method}
      defaultPhone="254712345678"
      onPaid={() => undefined}
      onCancel={() => undefined}
    />,
  );
  await user.click(screen.getByRole('button', { name: 'Pay KES 28,800' }));
}

describe('the single-page form and the three-step wizard starting a payment', () => {
  it('say Payment Initiated Successfully! once the M-Pesa prompt is on its way', async () => {
    await pay('initiate', () => json(makePayment(), 201));
    expect(await screen.findByText('Payment Initiated Successfully!')).toBeInTheDocument();
    expect(screen.getByText('An M-Pesa prompt for booking OPS-ABC234 is on its way to your phone.')).toBeInTheDocument();
  });

  it('say Payment Initiated Successfully! once the card page has opened', async () => {
    await pay('initiate', () => json(makePayment({ method: 'card', checkoutUrl: 'https://checkout.example/pay/1' }), 201), 'card');
    expect(await screen.findByText('Payment Initiated Successfully!')).toBeInTheDocument();
    expect(screen.getByText('Booking OPS-ABC234: the secure checkout page is open.')).toBeInTheDocument();
    expect(window.open).toHaveBeenCalledWith('https://checkout.example/pay/1', '_blank', 'noopener,noreferrer');
  });

  it('say Payment Failed with the server’s reason', async () => {
    await pay('initiate', () => json({ code: 'PAYMENT_PROVIDER_ERROR', message: 'M-Pesa is not answering. Please try again in a minute.' }, 502));
    expect(await screen.findByText('Payment Failed')).toBeInTheDocument();
    expect(screen.getByText('M-Pesa is not answering. Please try again in a minute.')).toBeInTheDocument();
    expect(screen.queryByText('Payment Initiated Successfully!')).not.toBeInTheDocument();
  });

  it('say Payment initialization failed when the answer gives no reason', async () => {
    await pay('initiate', () => new Response('', { status: 502 }));
    expect(await screen.findByText('Payment Failed')).toBeInTheDocument();
    expect(screen.getByText('Payment initialization failed')).toBeInTheDocument();
  });

  it('say There was an error processing your payment when no answer comes', async () => {
    await pay('initiate', () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await screen.findByText('Payment Failed')).toBeInTheDocument();
    expect(screen.getByText('There was an error processing your payment. Please try again.')).toBeInTheDocument();
  });
});

describe('the modal wizard’s payment screen', () => {
  it('says Payment Error when the payment cannot start, with the reason', async () => {
    await pay('widget', () => json({ code: 'PAYMENT_PROVIDER_ERROR', message: 'M-Pesa is not answering. Please try again in a minute.' }, 502));
    expect(await screen.findByText('Payment Error')).toBeInTheDocument();
    expect(screen.getByText('M-Pesa is not answering. Please try again in a minute.')).toBeInTheDocument();
    expect(screen.queryByText('Payment Failed')).not.toBeInTheDocument();
  });

  it('says Payment Error with the specification’s words when the refusal gives no reason of ours', async () => {
    await pay('widget', () => new Response('', { status: 409 }));
    expect(await screen.findByText('Payment Error')).toBeInTheDocument();
    expect(screen.getByText('Failed to initialize payment. Please try again.')).toBeInTheDocument();
  });

  it('does not announce the start: the prompt is followed on the screen', async () => {
    await pay('widget', () => json(makePayment(), 201));
    expect(await screen.findByText(/Check your phone and enter your M-Pesa PIN/)).toBeInTheDocument();
    expect(screen.queryByText('Payment Initiated Successfully!')).not.toBeInTheDocument();
  });
});
