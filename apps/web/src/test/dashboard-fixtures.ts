import { screen } from '@testing-library/react';
import type { BookingPageDto, BookingSummaryDto } from '@ops/shared/schemas/bookings';
import { makeBooking, makeGuard, makeGuardList, makeStats } from './factories.ts';
import { json, signedInAs, type RecordedRequest } from './fetch-mock.ts';

/** The list's answer: one page of bookings and the cursor of the next (null on the last). */
export const pageOf = (items: BookingSummaryDto[], nextCursor: string | null = null): BookingPageDto => ({ items, nextCursor });

export function clientApi(bookings: BookingSummaryDto[] | ((request: RecordedRequest) => Response) = [makeBooking()]) {
  return {
    ...signedInAs({ role: 'client', fullName: 'Jane Wanjiru' }),
    'GET /api/bookings/stats': () => json(makeStats()),
    'GET /api/guards': () => json(makeGuardList([makeGuard(), makeGuard({ id: 'guard-2', displayName: 'Amina Hassan' })])),
    'GET /api/bookings': typeof bookings === 'function' ? bookings : () => json(pageOf(bookings)),
  };
}

export const booking = (reference: string) => screen.getByRole('article', { name: new RegExp(reference) });
