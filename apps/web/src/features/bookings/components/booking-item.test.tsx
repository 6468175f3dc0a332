import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeBooking } from '@/test/factories.ts';
import { mockFetch } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { BookingItem } from './booking-item.tsx';

describe('a booking on the dashboard', () => {
  it('is named by its booking type when it was made without a service type, never Personal Guard', () => {
    mockFetch();
    renderWithApp(<BookingItem audience="client" booking={makeBooking({ serviceType: null, bookingType: 'daily', durationHours: 48 })} />);
    const item = screen.getByRole('article', { name: /Daily booking/ });
    expect(within(item).getByRole('heading', { name: 'Daily booking' })).toBeInTheDocument();
    expect(item).not.toHaveTextContent('Personal Guard');
  });

  it('shows a night shift as nights with its times, not as a day', () => {
    mockFetch();
    renderWithApp(
      <BookingItem audience="client" booking={makeBooking({ serviceType: 'event', bookingType: 'daily', shiftType: 'night', durationHours: 12 })} />,
    );
    const item = screen.getByRole('article');
    expect(item).toHaveTextContent('1 night, 18:00–06:00');
    expect(item).not.toHaveTextContent('1 day');
  });

  it('gives the specific location of an area of Other', () => {
    mockFetch();
    renderWithApp(<BookingItem audience="client" booking={makeBooking({ area: 'Other', address: 'Two Rivers Mall' })} />);
    expect(screen.getByText('Two Rivers Mall')).toBeInTheDocument();
  });

  it('is marked when a notification’s link points at it', () => {
    mockFetch();
    renderWithApp(
      <>
        <BookingItem audience="client" booking={makeBooking({ id: 'b1', reference: 'OPS-1' })} />
        <BookingItem audience="client" booking={makeBooking({ id: 'b2', reference: 'OPS-2' })} />
      </>,
      { route: '/dashboard?booking=b2' },
    );
    expect(screen.getByRole('article', { name: /OPS-2/ })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('article', { name: /OPS-1/ })).not.toHaveAttribute('aria-current');
  });
  it('shows the client a refund on its way, then done, with the amount', () => {
    mockFetch();
    const cancelled = { status: 'cancelled', paymentStatus: 'refunded' } as const;
    const { unmount } = renderWithApp(
      <BookingItem audience="client" booking={makeBooking({ ...cancelled, refund: { amount: 13680, status: 'pending' } })} />,
    );
    expect(screen.getByText('Refund pending: KES 13,680')).toBeInTheDocument();
    expect(screen.getByText('Refund pending')).toBeInTheDocument();
    unmount();
    renderWithApp(<BookingItem audience="client" booking={makeBooking({ ...cancelled, refund: { amount: 13680, status: 'refunded' } })} />);
    expect(screen.getByText('Refunded: KES 13,680')).toBeInTheDocument();
  });
});
