/** A test that makes the code log console.error fails: hidden errors must not pass as green. */
import { afterEach, beforeEach, vi } from 'vitest';

let logged: unknown[][] = [];

beforeEach(() => {
  logged = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    logged.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (logged.length > 0) {
    const first = logged[0]?.map((a) => (a instanceof Error ? a.stack : String(a))).join(' ');
    throw new Error(`console.error was called ${logged.length} time(s); first: ${first}`);
  }
});
