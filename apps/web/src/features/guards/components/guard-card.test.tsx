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
