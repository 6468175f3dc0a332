import type { Logger } from './logger.ts';

/**
 * Runs `task` now and then every `intervalMs` while the server runs; a run still going when the
 * next is due is not doubled. A failed run is logged and the next one comes as usual.
 */
export function startPeriodic(label: string, task: () => Promise<unknown>, intervalMs: number, logger: Logger): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = task()
      .catch((err: unknown) => logger.error({ err }, `${label} failed`))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
