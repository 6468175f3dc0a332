/**
 * The app's clock. Normally the machine's time. With CLOCK_OFFSET_FILE set (a rehearsal or an
 * end-to-end journey: "run the day forward" to watch reminders, late alerts and completion happen),
 * the time is shifted by the number of milliseconds written in that file, read again when it has
 * changed; start-up warns loudly while it is set. The database's own now() is never shifted.
 */
import { readFileSync, statSync } from 'node:fs';

const RECHECK_MS = 500;

export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** A clock `offsetMs` ahead of the machine's (negative: behind), the offset read from `file`. */
export function offsetClock(file: string): Clock {
  let offset = 0;
  let seenMtime = -1;
  let checkedAt = 0;
  const refresh = () => {
    const real = Date.now();
    if (real - checkedAt < RECHECK_MS) return;
    checkedAt = real;
    try {
      const mtime = statSync(file).mtimeMs;
      if (mtime === seenMtime) return;
      seenMtime = mtime;
      const value = Number(readFileSync(file, 'utf8').trim() || '0');
      offset = Number.isFinite(value) ? value : 0;
    } catch {
      offset = 0;
    }
  };
  return () => {
    refresh();
    return new Date(Date.now() + offset);
  };
}
