import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { offsetClock } from './clock.ts';

describe('offsetClock', () => {
  it('runs the number of milliseconds in its file ahead, and follows the file when it changes', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'clock-')), 'offset');
    writeFileSync(file, String(3 * 3_600_000));
    const clock = offsetClock(file);
    expect(clock().getTime() - Date.now()).toBeGreaterThan(3 * 3_600_000 - 1000);

    writeFileSync(file, '-60000');
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    await new Promise((r) => setTimeout(r, 600));
    expect(Math.round((clock().getTime() - Date.now()) / 1000)).toBe(-60);
  });

  it('keeps the machine time when the file is missing or holds no number', () => {
    const dir = mkdtempSync(join(tmpdir(), 'clock-'));
    expect(Math.abs(offsetClock(join(dir, 'none'))().getTime() - Date.now())).toBeLessThan(1000);
    writeFileSync(join(dir, 'bad'), 'soon');
    expect(Math.abs(offsetClock(join(dir, 'bad'))().getTime() - Date.now())).toBeLessThan(1000);
  });
});
