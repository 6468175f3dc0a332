import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeNewBooking } from '@/test/booking-fixtures.ts';
import { mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { BookingWizardDialog } from './booking-wizard-dialog.tsx';
import { WizardPaymentStep } from './wizard-payment-step.tsx';

const guard = { id: '0d9f4c1e-2b3a-4c5d-8e9f-0a1b2c3d4e5f', name: 'Otieno Kamau' };

function renderDialog() {
  const onOpenChange = vi.fn();
  renderWithApp(<BookingWizardDialog open onOpenChange={onOpenChange} guard={guard} renderPayment={() => null} onCompleted={() => {}} />);
  return onOpenChange;
}

describe('the booking wizard dialog', () => {
  it('asks a signed-out visitor to sign in and stays closed', async () => {
    mockFetch();
    const onOpenChange = renderDialog();

    expect(await screen.findByText('Please sign in')).toBeInTheDocument();
    expect(screen.getByText('You need to sign in to book a security guard.')).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('tells a guard that only clients can book', async () => {
    mockFetch(signedInAs({ role: 'guard' }));
    const onOpenChange = renderDialog();

    expect(await screen.findByText('Access denied')).toBeInTheDocument();
    expect(screen.getByText('Only clients can book security guards.')).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens for a client', async () => {
    mockFetch(signedInAs({ role: 'client' }));
    renderDialog();

    expect(await screen.findByRole('dialog', { name: 'Choose Your Service' })).toBeInTheDocument();
  });
});

describe('the payment step', () => {
  it('blocks a booking under the minimum with a way back', async () => {
    mockFetch();
    const onGoBack = vi.fn();
    const renderPayment = vi.fn(() => <p>Payment panel</p>);
    const { user } = renderWithApp(
      <WizardPaymentStep
        booking={makeNewBooking({ durationHours: 5 })}
        onGoBack={onGoBack}
        renderPayment={renderPayment}
        onPaid={() => {}}
        onCancel={() => {}}
      />,
    );

    expect(screen.getByRole('heading', { name: 'Minimum Booking Required' })).toBeInTheDocument();
    expect(screen.queryByText('Payment panel')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(onGoBack).toHaveBeenCalled();
  });

  it('offers the payment for a booking of at least 6 hours', () => {
    mockFetch();
    renderWithApp(
      <WizardPaymentStep
        booking={makeNewBooking({ durationHours: 6 })}
        onGoBack={() => {}}
        renderPayment={() => <p>Payment panel</p>}
        onPaid={() => {}}
        onCancel={() => {}}
      />,
    );

    expect(screen.getByText('Payment panel')).toBeInTheDocument();
    expect(screen.queryByText('Minimum Booking Required')).not.toBeInTheDocument();
  });
});
