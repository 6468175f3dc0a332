import type { Database } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import { cancelLapsedHolds } from './booking-create.repo.ts';

/**
 * Runs when a booking's hold runs out (and sweeps any other lapsed hold with it): unpaid pending
 * bookings are cancelled, which frees the guard's slot. A payment that arrives later is handled by
 * the payment service (confirmed if the slot is still free, otherwise refunded).
 */
export async function expireLapsedHolds(db: Database, now: Date, logger: Logger): Promise<number> {
  const cancelled = await cancelLapsedHolds(db, now);
  if (cancelled.length > 0) logger.info({ bookings: cancelled }, 'unpaid booking holds expired');
  return cancelled.length;
}
