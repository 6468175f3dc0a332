import type { Database, Executor } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import { CLIENT_NOTICES, tellClients } from '../notifications/client-notices.ts';
import { cancelLapsedHolds, cancelLapsedHoldsOverlapping } from './booking-create.repo.ts';

/**
 * Releases every hold that has run out: unpaid pending bookings are cancelled, which frees the
 * guard's slot. Run at start-up, then by the sweeper below. A payment that arrives later is handled by
 * the payment service (confirmed if the slot is still free, otherwise refunded).
 */
export async function expireLapsedHolds(db: Database, now: Date, logger: Logger): Promise<number> {
  const cancelled = await db.transaction(async (tx) => {
    const rows = await cancelLapsedHolds(tx, now);
    await tellClients(tx, rows.map(CLIENT_NOTICES.holdLapsed));
    return rows;
  });
  if (cancelled.length > 0) logger.info({ bookings: cancelled.map((b) => b.id) }, 'unpaid booking holds expired');
  return cancelled.length;
}

/**
 * Frees a guard's time from holds that ran out but are not cancelled yet (the sweep runs once a
 * minute), for a booking or a late payment that wants it; their clients are told, in `tx`.
 */
export async function releaseLapsedHoldsOverlapping(tx: Executor, guardProfileId: string, start: Date, end: Date, now: Date): Promise<void> {
  const released = await cancelLapsedHoldsOverlapping(tx, guardProfileId, start, end, now);
  await tellClients(tx, released.map(CLIENT_NOTICES.holdLapsed));
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
