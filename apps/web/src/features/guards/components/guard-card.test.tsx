import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeGuard } from '@/test/factories.ts';
import { renderWithApp } from '@/test/render.tsx';
import { GuardCard } from './guard-card.tsx';

describe('a guard card’s price line', () => {
  it.each([
    ['the guard’s own hourly rate', 3200, 'From KES 3,200/hour'],
    ['a rate in the thousands of thousands, grouped like other amounts', 1_250_000, 'From KES 1,250,000/hour'],
    ['the specification’s KES 1,200 for a guard without a rate', null, 'From KES 1,200/hour'],
    ['the specification’s KES 1,200 for a rate stored as 0 (no rate)', 0, 'From KES 1,200/hour'],
  ])('shows %s', (_label, rateHourly, line) => {
    renderWithApp(<GuardCard guard={makeGuard({ rateHourly })} canBook />);
    expect(screen.getByText(line)).toBeInTheDocument();
    expect(screen.queryAllByText(/^From KES/)).toHaveLength(1);
  });
});

describe('a guard card’s availability', () => {
  it('shows an unavailable guard as Unavailable, with Book Now disabled and the reason read with it', () => {
    renderWithApp(<GuardCard guard={makeGuard({ availability: false })} canBook />);
    expect(screen.getByText('Unavailable')).toBeInTheDocument();
    const book = screen.getByRole('button', { name: 'Book Now' });
    expect(book).toBeDisabled();
    expect(book).toHaveAccessibleDescription(/This guard is not taking bookings right now/);
    expect(screen.getByText('This guard is not taking bookings right now')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Book Now' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Profile' })).toHaveAttribute('href', '/guard/guard-1');
  });

  it('lets a client book an available guard, with no Unavailable badge or reason', () => {
    renderWithApp(<GuardCard guard={makeGuard({ availability: true })} canBook />);
    expect(screen.getByRole('link', { name: 'Book Now' })).toHaveAttribute('href', '/booking?guardId=guard-1');
    expect(screen.queryByText('Unavailable')).not.toBeInTheDocument();
    expect(screen.queryByText('This guard is not taking bookings right now')).not.toBeInTheDocument();
  });

  it('tells other roles that a guard is unavailable too, without booking buttons', () => {
    renderWithApp(<GuardCard guard={makeGuard({ availability: false })} canBook={false} />);
    expect(screen.getByText('Unavailable')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
  });
});

describe('a guard card’s Academy Certified badge', () => {
  it('links a certified guard’s badge to the certificate’s verify page, naming the course', () => {
    const academyCertified = { certificateRef: 'OPS-7KQ2M-9XD4A-B3C5E-Q', courseName: 'Certified Protection Officer' };
    renderWithApp(<GuardCard guard={makeGuard({ academyCertified })} canBook />);
    const badge = screen.getByRole('link', { name: /Academy Certified: Certified Protection Officer/ });
    expect(badge).toHaveAttribute('href', '/cert/verify/OPS-7KQ2M-9XD4A-B3C5E-Q');
    expect(badge).toHaveTextContent('Academy Certified');
  });

  it('shows no badge for a guard without a valid academy certificate', () => {
    renderWithApp(<GuardCard guard={makeGuard({ academyCertified: null })} canBook />);
    expect(screen.queryByText('Academy Certified')).not.toBeInTheDocument();
  });
});
