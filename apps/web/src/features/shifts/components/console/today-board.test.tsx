import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BoardDto, BoardRowDto } from '@ops/shared/schemas/shifts';
import { json, mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { TodayBoard } from './today-board.tsx';

const row = (over: Partial<BoardRowDto>): BoardRowDto => ({
  bookingId: '6f1c1a6e-0000-4000-8000-000000000001',
  reference: 'OPS-K7P4',
  clientName: 'Amina Hassan',
  area: 'Karen',
  address: null,
  shiftIndex: 0,
  start: '2026-12-01T05:00:00.000Z',
  end: '2026-12-01T13:00:00.000Z',
  guard: { profileId: '6f1c1a6e-0000-4000-8000-0000000000aa', fullName: 'Peter Otieno', phone: '254722000002' },
  state: 'late',
  check: { checkedInAt: null, checkedOutAt: null, verified: null, verifiedBy: null },
  incidents: 0,
  noCheckOut: false,
  ...over,
});

const BOARD: BoardDto = {
  today: '2026-12-01',
  counts: { late: 1, no_show: 0, incident: 0, unstaffed: 0, on_post: 1, upcoming: 0, done: 0 },
  total: 2,
  page: 1,
  pageSize: 25,
  items: [
    row({}),
    row({
      reference: 'OPS-M2Q8',
      state: 'on_post',
      guard: { profileId: 'g2', fullName: 'Faith Wanjiru', phone: null },
      check: { checkedInAt: '2026-12-01T04:50:00.000Z', checkedOutAt: null, verified: true, verifiedBy: 'code' },
    }),
  ],
};

describe('the Today board', () => {
  it('counts the shifts by state and lists the late guard first with a way to replace them', async () => {
    const api = mockFetch({
      ...signedInAs({ role: 'admin' }),
      'GET /api/admin/shifts/today': () => json(BOARD),
      'GET /api/admin/bookings/6f1c1a6e-0000-4000-8000-000000000001/replacements': () =>
        json({
          needed: 1,
          items: [
            {
              profileId: 'g3',
              fullName: 'Kevin Mwangi',
              specialization: 'Guard',
              experienceYears: 4,
              rateHourly: 1200,
              rateDaily: null,
              averageRating: null,
              credentialsValidUntil: '2027-06-01',
            },
          ],
        }),
      'POST /api/admin/bookings/6f1c1a6e-0000-4000-8000-000000000001/replace-guard': () => new Response(null, { status: 204 }),
    });
    const { user } = renderWithApp(<TodayBoard />, { route: '/admin?view=today' });
    const counts = await screen.findByRole('list', { name: 'Shifts by state' });
    expect(within(counts).getByRole('button', { name: '1 Late' })).toHaveAttribute('aria-pressed', 'false');
    const table = screen.getByRole('table');
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Peter Otieno');
    expect(first).toHaveTextContent('Late');
    expect(second).toHaveTextContent('Verified at site');
    await user.click(within(first!).getByRole('button', { name: 'Replace guard' }));
    await user.click(await screen.findByRole('button', { name: 'Send Kevin' }));
    expect(api.calls('POST', '/api/admin/bookings/6f1c1a6e-0000-4000-8000-000000000001/replace-guard')[0]?.body).toEqual({
      fromGuardProfileId: '6f1c1a6e-0000-4000-8000-0000000000aa',
      toGuardProfileId: 'g3',
    });
  });
  it("shows the server's words when someone has already replaced the guard, and reads the board again", async () => {
    const ALREADY = 'This guard is no longer on this booking: someone has already replaced them.';
    const candidate = {
      profileId: 'g3',
      fullName: 'Kevin Mwangi',
      specialization: 'Guard',
      experienceYears: 4,
      rateHourly: 1200,
      rateDaily: null,
      averageRating: null,
      credentialsValidUntil: '2027-06-01',
    };
    const api = mockFetch({
      ...signedInAs({ role: 'admin' }),
      'GET /api/admin/shifts/today': () => json(BOARD),
      'GET /api/admin/bookings/6f1c1a6e-0000-4000-8000-000000000001/replacements': () => json({ needed: 1, items: [candidate] }),
      'POST /api/admin/bookings/6f1c1a6e-0000-4000-8000-000000000001/replace-guard': () => json({ code: 'CONFLICT', message: ALREADY }, 409),
    });
    const { user } = renderWithApp(<TodayBoard />, { route: '/admin?view=today' });
    const table = await screen.findByRole('table');
    const [, first] = within(table).getAllByRole('row');
    await user.click(within(first!).getByRole('button', { name: 'Replace guard' }));
    await user.click(await screen.findByRole('button', { name: 'Send Kevin' }));
    expect(await screen.findByText(ALREADY)).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET', '/api/admin/shifts/today').length).toBeGreaterThan(1));
  });

  it("shows one state's shifts when its count is pressed, with the page in the address, and every shift again when pressed twice", async () => {
    const api = mockFetch({
      ...signedInAs({ role: 'admin' }),
      'GET /api/admin/shifts/today': (request) => json(request.query.state === 'late' ? { ...BOARD, items: BOARD.items.slice(0, 1), total: 1 } : BOARD),
    });
    const { user } = renderWithApp(<TodayBoard />, { route: '/admin?view=today' });
    const counts = await screen.findByRole('list', { name: 'Shifts by state' });
    expect(api.calls('GET', '/api/admin/shifts/today')[0]?.query).toEqual({ state: 'all', page: '1', pageSize: '25' });
    expect(screen.getByRole('navigation', { name: "Today's shifts pages" })).toHaveTextContent('2 results');
    await user.click(within(counts).getByRole('button', { name: '1 Late' }));
    expect(await screen.findByText('Showing late only.')).toBeInTheDocument();
    expect(within(counts).getByRole('button', { name: '1 Late' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(api.calls('GET', '/api/admin/shifts/today').at(-1)?.query).toMatchObject({ state: 'late', page: '1' });
    await user.click(within(counts).getByRole('button', { name: '1 Late' }));
    await waitFor(() => expect(screen.queryByText('Showing late only.')).not.toBeInTheDocument());
    expect(api.calls('GET', '/api/admin/shifts/today').at(-1)?.query).toMatchObject({ state: 'all' });
  });

  it('leaves no row of another state behind when a team booking with two empty seats is filtered away', async () => {
    const seat = row({ bookingId: 'b-team', reference: 'OPS-TEAM', state: 'unstaffed', guard: null });
    const upcoming = row({ reference: 'OPS-A8DK', state: 'upcoming', guard: { profileId: 'g4', fullName: 'James Mwangi', phone: null } });
    const whole: BoardDto = { ...BOARD, counts: { ...BOARD.counts, unstaffed: 2, upcoming: 1 }, items: [seat, seat, upcoming], total: 3 };
    mockFetch({
      ...signedInAs({ role: 'admin' }),
      'GET /api/admin/shifts/today': (request) => json(request.query.state === 'upcoming' ? { ...whole, items: [upcoming], total: 1 } : whole),
    });
    const { user } = renderWithApp(<TodayBoard />, { route: '/admin?view=today' });
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(4));
    await user.click(screen.getByRole('button', { name: '1 Upcoming' }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['OPS-A8DK James Mwangi']);
  });
});
