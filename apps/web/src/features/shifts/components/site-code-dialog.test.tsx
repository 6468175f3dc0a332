import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BookingSiteDto } from '@ops/shared/schemas/shifts';
import { json, mockFetch, signedInAs } from '@/test/fetch-mock.ts';
import { renderWithApp } from '@/test/render.tsx';
import { BookingShiftActions } from './site-code-dialog.tsx';

const BOOKING = '6f1c1a6e-0000-4000-8000-000000000001';
const site = (over: Partial<BookingSiteDto> = {}): BookingSiteDto => ({
  siteCode: 'K7P4QX',
  pin: null,
  checkInUrl: `http://localhost:5173/dashboard?checkin=${BOOKING}&code=K7P4QX`,
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0h1v1H0z"/></svg>',
  ...over,
});

/** The phone's location service answering with this position, or refusing when given null. */
function phoneAt(coords: { latitude: number; longitude: number; accuracy: number } | null) {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail?: PositionErrorCallback | null) => {
    if (coords) ok({ coords } as GeolocationPosition);
    else fail?.({ code: 1, message: 'denied' } as GeolocationPositionError);
  });
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
});

async function openDialog(canPin = true) {
  const view = renderWithApp(<BookingShiftActions bookingId={BOOKING} reference="OPS-K7P4" canPin={canPin} />);
  await view.user.click(screen.getByRole('button', { name: 'Site code' }));
  return { ...view, dialog: await screen.findByRole('dialog', { name: 'Site code for OPS-K7P4' }) };
}

describe("the client's site code", () => {
  it('shows the code in large letters with its QR code, and prints them on a page for the post', async () => {
    mockFetch({ ...signedInAs({ role: 'client' }), [`GET /api/bookings/${BOOKING}/site`]: () => json(site()) });
    const { dialog, user } = await openDialog();
    expect(await within(dialog).findByText('K7P4QX')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'QR code for checking in to OPS-K7P4' })).toBeInTheDocument();
    const printed = document.implementation.createHTMLDocument('');
    const open = vi.spyOn(window, 'open').mockReturnValue({ document: printed, print: vi.fn() } as unknown as Window);
    await user.click(within(dialog).getByRole('button', { name: 'Print QR code' }));
    expect(open).toHaveBeenCalled();
    expect(printed.body.textContent).toContain('K7P4QX');
    expect(printed.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    open.mockRestore();
  });

  it('says so when the browser blocks the print page', async () => {
    mockFetch({ ...signedInAs({ role: 'client' }), [`GET /api/bookings/${BOOKING}/site`]: () => json(site()) });
    const { dialog, user } = await openDialog();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await user.click(await within(dialog).findByRole('button', { name: 'Print QR code' }));
    expect(await screen.findByText(/print page was blocked/)).toBeInTheDocument();
    open.mockRestore();
  });

  it('pins the site where the phone is and says what it saved', async () => {
    phoneAt({ latitude: -1.292066, longitude: 36.821946, accuracy: 12.4 });
    const api = mockFetch({
      ...signedInAs({ role: 'client' }),
      [`GET /api/bookings/${BOOKING}/site`]: () => json(site()),
      [`PUT /api/bookings/${BOOKING}/site-pin`]: () => new Response(null, { status: 204 }),
    });
    const { dialog, user } = await openDialog();
    await user.click(await within(dialog).findByRole('button', { name: 'Pin the site here' }));
    await waitFor(() =>
      expect(api.calls('PUT', `/api/bookings/${BOOKING}/site-pin`)[0]?.body).toEqual({ latitude: -1.292066, longitude: 36.821946, accuracyMeters: 12.4 }),
    );
    expect(await screen.findByText(/Saved -1\.29207, 36\.82195, to within 12 m/)).toBeInTheDocument();
  });

  it('says so and saves nothing when the phone gives no location', async () => {
    phoneAt(null);
    const api = mockFetch({ ...signedInAs({ role: 'client' }), [`GET /api/bookings/${BOOKING}/site`]: () => json(site()) });
    const { dialog, user } = await openDialog();
    await user.click(await within(dialog).findByRole('button', { name: 'Pin the site here' }));
    expect(await screen.findByText(/did not give a location/)).toBeInTheDocument();
    expect(api.calls('PUT', `/api/bookings/${BOOKING}/site-pin`)).toHaveLength(0);
  });

  it('shows where the site is pinned, and offers no pinning once the booking is done', async () => {
    mockFetch({
      ...signedInAs({ role: 'client' }),
      [`GET /api/bookings/${BOOKING}/site`]: () => json(site({ pin: { latitude: -1.2921, longitude: 36.8219 } })),
    });
    const { dialog } = await openDialog(false);
    expect(await within(dialog).findByText(/pinned at -1\.29210, 36\.82190/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Pin the site/ })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Print QR code' })).toBeInTheDocument();
  });
});
