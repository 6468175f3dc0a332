import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ShiftReportDto } from '@ops/shared/schemas/shifts';
import { json, mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { BookingReportPage } from './booking-report.tsx';

const ID = '6f1c1a6e-0000-4000-8000-000000000001';
const ROUTE = `/bookings/${ID}/report`;
const report: ShiftReportDto = {
  bookingId: ID,
  reference: 'OPS-K7P4',
  service: 'Event Security',
  area: 'Karen',
  address: null,
  start: '2026-12-01T05:00:00.000Z',
  end: '2026-12-01T13:00:00.000Z',
  status: 'confirmed',
  completion: null,
  hoursBooked: 8,
  hoursCovered: 0,
  guards: [],
  incidents: [],
  canDownloadPdf: true,
  canReview: false,
};
const page = () => renderWithApp(<BookingReportPage />, { route: ROUTE, pages: { '/bookings/:id/report': <BookingReportPage /> } });

describe('/bookings/:id/report', () => {
  it('asks a signed-out visitor to sign in', async () => {
    mockFetch();
    page();
    expect(await screen.findByRole('heading', { name: 'Please Sign In' })).toBeInTheDocument();
  });

  it("shows the booking's client the report", async () => {
    mockFetch({ ...signedInAs({ role: 'client' }), [`GET /api/bookings/${ID}/report`]: () => json(report) });
    page();
    expect(await screen.findByText('Shift report: OPS-K7P4')).toBeInTheDocument();
    expect(screen.getByText('0 hours covered of 8 hours booked')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download PDF' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave a Review' })).toBeNull();
  });

  it('offers the review on the report once the booking is complete and not yet reviewed', async () => {
    mockFetch({ ...signedInAs({ role: 'client' }), [`GET /api/bookings/${ID}/report`]: () => json({ ...report, canReview: true }) });
    page();
    expect(await screen.findByRole('button', { name: 'Leave a Review' })).toBeInTheDocument();
  });

  it("says so when the report is not this client's", async () => {
    mockFetch({
      ...signedInAs({ role: 'client' }),
      [`GET /api/bookings/${ID}/report`]: () => json({ code: 'NOT_FOUND', message: 'Booking not found' }, 404),
    });
    page();
    expect(await screen.findByText('Booking not found')).toBeInTheDocument();
  });

  it('tells a guard the report is for the client and the operator, without asking the server', async () => {
    const api = mockFetch(signedInAs({ role: 'guard' }));
    page();
    expect(await screen.findByText("A shift report is for the booking's client and the operator.")).toBeInTheDocument();
    expect(api.calls('GET', `/api/bookings/${ID}/report`)).toHaveLength(0);
  });
});
