import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GuardDayDto, GuardShiftDto } from '@ops/shared/schemas/shifts';
import { json, mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { GuardToday } from './guard-today.tsx';

const shift = (over: Partial<GuardShiftDto> = {}): GuardShiftDto => ({
  bookingId: '6f1c1a6e-0000-4000-8000-000000000001',
  reference: 'OPS-K7P4',
  service: 'Personal Protection',
  shiftIndex: 0,
  start: '2026-12-01T05:00:00.000Z',
  end: '2026-12-01T13:00:00.000Z',
  area: 'Karen',
  address: '12 Karen Road',
  client: { fullName: 'Amina Hassan', phone: '254711000001', companyName: null },
  state: 'upcoming',
  check: { checkedInAt: null, checkedOutAt: null, verified: null, verifiedBy: null },
  checkInOpensAt: '2026-12-01T04:30:00.000Z',
  checkInRefusal: null,
  canCheckOut: false,
  sitePinned: false,
  ...over,
});

const day = (shifts: GuardShiftDto[]): GuardDayDto => ({ today: '2026-12-01', shifts });
const CHECK_IN = `POST /api/shifts/${shift().bookingId}/check-in`;

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
});

describe("the guard's Today", () => {
  it('lists the shift with the place and the client, and says when check-in opens while it cannot be pressed', async () => {
    mockFetch({
      ...signedInAs({ role: 'guard' }),
      'GET /api/shifts/today': () => json(day([shift({ checkInRefusal: 'Check-in opens 30 minutes before the shift starts, at 07:30.' })])),
    });
    renderWithApp(<GuardToday />);
    const card = await screen.findByRole('article', { name: 'Shift OPS-K7P4' });
    expect(within(card).getByText('12 Karen Road, Karen')).toBeInTheDocument();
    expect(within(card).getByText('Amina Hassan')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Check in' })).toBeDisabled();
    expect(within(card).getByText('Check-in opens 30 minutes before the shift starts, at 07:30.')).toBeInTheDocument();
  });

  it('checks in with the site code from the QR code and says it was verified at the site', async () => {
    const api = mockFetch({
      ...signedInAs({ role: 'guard' }),
      'GET /api/shifts/today': () => json(day([shift()])),
      'POST /api/shifts/6f1c1a6e-0000-4000-8000-000000000001/check-in': () =>
        json(
          { bookingId: shift().bookingId, shiftIndex: 0, checkedInAt: '2026-12-01T04:55:00.000Z', checkedOutAt: null, verified: true, verifiedBy: 'code' },
          201,
        ),
    });
    const { user } = renderWithApp(<GuardToday />, { route: `/dashboard?checkin=${shift().bookingId}&code=K7P4QX` });
    const card = await screen.findByRole('article', { name: 'Shift OPS-K7P4' });
    expect(within(card).getByRole('textbox', { name: /Site code/ })).toHaveValue('K7P4QX');
    await user.click(within(card).getByRole('button', { name: 'Check in' }));
    await waitFor(() => expect(api.calls('POST', `/api/shifts/${shift().bookingId}/check-in`)[0]?.body).toMatchObject({ siteCode: 'K7P4QX' }));
    expect(await screen.findByText('Verified at site.')).toBeInTheDocument();
  });

  it('shows what was recorded, and offers check-out and an incident report once checked in', async () => {
    mockFetch({
      ...signedInAs({ role: 'guard' }),
      'GET /api/shifts/today': () =>
        json(
          day([
            shift({
              state: 'on_post',
              canCheckOut: true,
              check: { checkedInAt: '2026-12-01T05:02:00.000Z', checkedOutAt: null, verified: false, verifiedBy: null },
            }),
          ]),
        ),
    });
    renderWithApp(<GuardToday />);
    const card = await screen.findByRole('article', { name: 'Shift OPS-K7P4' });
    expect(within(card).getByText('Not verified')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Check out' })).toBeEnabled();
    expect(within(card).getByRole('button', { name: 'Report incident' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Check in' })).toBeNull();
  });

  it("sends the phone's position with the check-in and says when it was not verified at the site", async () => {
    const getCurrentPosition = vi.fn((ok: PositionCallback) => ok({ coords: { latitude: -1.3, longitude: 36.8, accuracy: 20 } } as GeolocationPosition));
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    const api = mockFetch({
      ...signedInAs({ role: 'guard' }),
      'GET /api/shifts/today': () => json(day([shift()])),
      [CHECK_IN]: () =>
        json(
          { bookingId: shift().bookingId, shiftIndex: 0, checkedInAt: '2026-12-01T05:01:00.000Z', checkedOutAt: null, verified: false, verifiedBy: null },
          201,
        ),
    });
    const { user } = renderWithApp(<GuardToday />);
    await user.click(await screen.findByRole('button', { name: 'Check in' }));
    await waitFor(() =>
      expect(api.calls('POST', `/api/shifts/${shift().bookingId}/check-in`)[0]?.body).toEqual({ latitude: -1.3, longitude: 36.8, accuracyMeters: 20 }),
    );
    expect(await screen.findByText('Not verified at the site: the operator has been told.')).toBeInTheDocument();
  });

  it("checks in without a position when the phone refuses, and shows the server's reason when refused", async () => {
    const getCurrentPosition = vi.fn((_ok: PositionCallback, fail?: PositionErrorCallback | null) =>
      fail?.({ code: 1, message: 'denied' } as GeolocationPositionError),
    );
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    const api = mockFetch({
      ...signedInAs({ role: 'guard' }),
      'GET /api/shifts/today': () => json(day([shift()])),
      [CHECK_IN]: () => json({ message: 'You already checked in to this shift at 08:00.' }, 409),
    });
    const { user } = renderWithApp(<GuardToday />);
    await user.click(await screen.findByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('You already checked in to this shift at 08:00.')).toBeInTheDocument();
    expect(api.calls('POST', `/api/shifts/${shift().bookingId}/check-in`)[0]?.body).toEqual({});
  });

  it('says a wrong site code under the field, and the guard can retype it', async () => {
    const message = 'That is not the site code of this booking. Check the code at the post and try again.';
    mockFetch({
      ...signedInAs({ role: 'guard' }),
      'GET /api/shifts/today': () => json(day([shift()])),
      [CHECK_IN]: () => json({ code: 'VALIDATION_ERROR', message, fields: { siteCode: message } }, 400),
    });
    const { user } = renderWithApp(<GuardToday />);
    const field = await screen.findByRole('textbox', { name: /Site code/ });
    await user.type(field, 'ZZZZZZ');
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(message);
    await user.type(field, 'A');
    expect(field).toHaveAttribute('aria-invalid', 'false');
  });

  it('says so when the scanned code is for a booking that is not one of the guard’s shifts', async () => {
    mockFetch({ ...signedInAs({ role: 'guard' }), 'GET /api/shifts/today': () => json(day([shift()])) });
    renderWithApp(<GuardToday />, { route: '/dashboard?checkin=6f1c1a6e-0000-4000-8000-00000000ffff&code=K7P4QX' });
    expect(await screen.findByText(/not one of your shifts today or tomorrow/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Site code/ })).toHaveValue('');
  });
});
