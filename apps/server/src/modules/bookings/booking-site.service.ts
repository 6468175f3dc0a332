/**
 * A booking's site: the code shown to its client (and printable as a QR code for the post) and the
 * pin the client may drop from their phone at the site (decision 029). A guard who gives the code,
 * or whose position is within the set distance of the pin, is 'Verified at site'.
 */
import QRCode from 'qrcode';
import type { BookingSiteDto, SitePinInput } from '@ops/shared/schemas/shifts';
import type { AppDeps, Viewer } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { BOOKING_NOT_FOUND } from './booking-staffing.service.ts';
import { lockBooking } from './booking-lifecycle.service.ts';
import { findSite, writeSitePin } from './booking-site.repo.ts';

export const PIN_CLOSED = 'The site can be pinned only on a booking that is still to be worked.';

/** Where a guard scanning the post's QR code lands: their 'Today', with the code filled in. */
export const checkInUrlOf = (appUrl: string, bookingId: string, siteCode: string) =>
  `${appUrl.replace(/\/+$/, '')}/dashboard?checkin=${encodeURIComponent(bookingId)}&code=${encodeURIComponent(siteCode)}`;

/** The site for the booking's client or an admin; 404 for anyone else, as for any booking not theirs. */
export async function bookingSite(deps: Pick<AppDeps, 'db' | 'config'>, viewer: Viewer, bookingId: string): Promise<BookingSiteDto> {
  const booking = await findSite(deps.db, bookingId);
  if (!booking || (viewer.role !== 'admin' && booking.clientProfileId !== viewer.profileId)) throw AppError.notFound(BOOKING_NOT_FOUND);
  const checkInUrl = checkInUrlOf(deps.config.appUrl, booking.id, booking.siteCode);
  return {
    siteCode: booking.siteCode,
    pin: booking.siteLatitude !== null && booking.siteLongitude !== null ? { latitude: booking.siteLatitude, longitude: booking.siteLongitude } : null,
    checkInUrl,
    qrSvg: await QRCode.toString(checkInUrl, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }),
  };
}

/** The client pins (or, with null, unpins) the site of their own booking while it is still to be worked. */
export async function pinSite(deps: Pick<AppDeps, 'db' | 'clock'>, clientProfileId: string, bookingId: string, pin: SitePinInput | null): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    if (!booking || booking.clientProfileId !== clientProfileId) throw AppError.notFound(BOOKING_NOT_FOUND);
    if (booking.status !== 'pending' && booking.status !== 'confirmed') throw AppError.conflict(PIN_CLOSED);
    await writeSitePin(tx, bookingId, pin && { latitude: pin.latitude, longitude: pin.longitude }, deps.clock());
  });
}
