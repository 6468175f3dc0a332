import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ShiftReportDto } from '@ops/shared/schemas/shifts';
import { mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { ShiftReport } from './shift-report.tsx';

const BOOKING = '6f1c1a6e-0000-4000-8000-000000000001';
const check = (over: Partial<ShiftReportDto['guards'][number]['shifts'][number]['check']> = {}) => ({
  checkedInAt: null,
  checkedOutAt: null,
  verified: null,
  verifiedBy: null,
  ...over,
});
const report: ShiftReportDto = {
  bookingId: BOOKING,
  reference: 'OPS-K7P4',
  service: 'Event Security',
  area: 'Karen',
  address: '12 Karen Road',
  start: '2026-12-01T05:00:00.000Z',
  end: '2026-12-01T13:00:00.000Z',
  status: 'completed',
  completion: { kind: 'no_check_out', label: 'Completed, no check-out', at: '2026-12-01T15:00:00.000Z' },
  hoursBooked: 16,
  hoursCovered: 14.5,
  guards: [
    {
      profileId: 'g1',
      fullName: 'Peter Otieno',
      hoursCovered: 8,
      shifts: [
        {
          shiftIndex: 0,
          start: '2026-12-01T05:00:00.000Z',
          end: '2026-12-01T13:00:00.000Z',
          hoursCovered: 8,
          upcoming: false,
          check: check({ checkedInAt: '2026-12-01T04:55:00.000Z', checkedOutAt: '2026-12-01T13:02:00.000Z', verified: true, verifiedBy: 'code' }),
        },
      ],
    },
    {
      profileId: 'g2',
      fullName: 'Grace Wambui',
      hoursCovered: 6.5,
      shifts: [
        {
          shiftIndex: 0,
          start: '2026-12-01T05:00:00.000Z',
          end: '2026-12-01T13:00:00.000Z',
          hoursCovered: 6.5,
          upcoming: false,
          check: check({ checkedInAt: '2026-12-01T06:30:00.000Z', verified: false }),
        },
      ],
    },
  ],
  incidents: [
    {
      id: 'i1',
      bookingId: BOOKING,
      guardName: 'Peter Otieno',
      shiftIndex: 0,
      type: 'intrusion',
      typeLabel: 'Intrusion or break-in',
      severity: 'high',
      occurredAt: '2026-12-01T07:10:00.000Z',
      description: 'A man climbed the back wall and ran when challenged.',
      photoUrls: ['/api/incidents/i1/photos/1', '/api/incidents/i1/photos/2'],
      createdAt: '2026-12-01T07:12:00.000Z',
    },
  ],
  canDownloadPdf: true,
  canReview: false,
};

describe("the client's shift report", () => {
  it('gives the booking, the hours covered against booked, how it completed and the PDF', () => {
    mockFetch(signedInAs({ role: 'client' }));
    renderWithApp(<ShiftReport report={report} />);
    expect(screen.getByText('Shift report: OPS-K7P4')).toBeInTheDocument();
    expect(screen.getByText(/Event Security, 12 Karen Road, Karen/)).toBeInTheDocument();
    expect(screen.getByText('14.5 hours covered of 16 hours booked')).toBeInTheDocument();
    expect(screen.getByText(/^Completed, no check-out on/)).toBeInTheDocument();
    const pdf = screen.getByRole('link', { name: 'Download PDF' });
    expect(pdf).toHaveAttribute('href', `/api/bookings/${BOOKING}/report.pdf`);
    expect(pdf).toHaveAttribute('download');
  });

  it("shows each guard's check-in and check-out with 'Verified at site' or 'Not verified'", () => {
    mockFetch(signedInAs({ role: 'client' }));
    renderWithApp(<ShiftReport report={report} />);
    const peter = screen.getByRole('list', { name: 'Peter Otieno: shifts' });
    expect(peter).toHaveTextContent(/In 7:55 AM, out 4:02 PM/);
    expect(within(peter).getByText('Verified at site')).toBeInTheDocument();
    const grace = screen.getByRole('list', { name: 'Grace Wambui: shifts' });
    expect(grace).toHaveTextContent(/In 9:30 AM, out not recorded/);
    expect(within(grace).getByText('Not verified')).toBeInTheDocument();
  });

  it('lists the incidents with their photos, and says when there were none', () => {
    mockFetch(signedInAs({ role: 'client' }));
    const { unmount } = renderWithApp(<ShiftReport report={report} />);
    const incident = screen.getByRole('article', { name: 'Incident: Intrusion or break-in' });
    expect(within(incident).getByText('High severity')).toBeInTheDocument();
    expect(within(incident).getByText(/reported by Peter Otieno/)).toBeInTheDocument();
    expect(
      within(incident)
        .getAllByRole('img')
        .map((img) => img.getAttribute('src')),
    ).toEqual(report.incidents[0]!.photoUrls);
    unmount();
    renderWithApp(<ShiftReport report={{ ...report, incidents: [] }} />);
    expect(screen.getByText('No incidents were reported.')).toBeInTheDocument();
  });

  it('says a shift still to come has not started, and one that passed without the guard had no check-in', () => {
    mockFetch(signedInAs({ role: 'client' }));
    const upcoming = {
      shiftIndex: 1,
      start: '2026-12-02T05:00:00.000Z',
      end: '2026-12-02T13:00:00.000Z',
      hoursCovered: 0,
      check: check(),
      upcoming: true,
    };
    const missed = { ...upcoming, shiftIndex: 0, start: '2026-12-01T05:00:00.000Z', end: '2026-12-01T13:00:00.000Z', upcoming: false };
    renderWithApp(
      <ShiftReport report={{ ...report, guards: [{ profileId: 'g3', fullName: 'Ann Njeri', hoursCovered: 0, shifts: [missed, upcoming] }] }} />,
    );
    const ann = screen.getByRole('list', { name: 'Ann Njeri: shifts' });
    expect(within(ann).getByText('No check-in')).toBeInTheDocument();
    expect(within(ann).getByText('Not started yet')).toBeInTheDocument();
  });
});
