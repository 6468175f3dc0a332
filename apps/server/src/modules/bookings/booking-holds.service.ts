import type { Database } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import { expireLapsedHolds as expireInTransaction } from './booking-lifecycle.service.ts';

export { releaseLapsedHoldsOverlapping } from './booking-lifecycle.service.ts';

/**
 * Releases every hold that has run out: unpaid pending bookings are cancelled, which frees the
 * guard's slot. Run at start-up, then by the sweeper below. A payment that arrives later is handled by
 * the payment service (confirmed if the slot is still free, otherwise refunded).
 */
export async function expireLapsedHolds(db: Database, now: Date, logger: Logger): Promise<number> {
  const cancelled = await db.transaction((tx) => expireInTransaction(tx, now));
  if (cancelled.length > 0) logger.info({ bookings: cancelled }, 'unpaid booking holds expired');
  return cancelled.length;
}

/** How often the server looks for lapsed holds. A hold is released within this of running out. */
export const HOLD_SWEEP_INTERVAL_MS = 60_000;

/**
 * Releases lapsed holds every interval, for as long as the server runs. One idempotent UPDATE per
 * sweep instead of a queued job per booking keeps a commit off every booking request; a slot that
 * a new booking wants is freed at once anyway (the booking service cancels lapsed holds in its
 * way), so the interval only decides how soon a dashboard shows the hold as cancelled. Two servers
 * sweeping the same database do no harm. A sweep still running when the next is due is not doubled.
 */
export function startHoldSweeper(db: Database, clock: () => Date, logger: Logger, intervalMs = HOLD_SWEEP_INTERVAL_MS): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = expireLapsedHolds(db, clock(), logger)
      .catch((err: unknown) => logger.error({ err }, 'releasing lapsed booking holds failed'))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
