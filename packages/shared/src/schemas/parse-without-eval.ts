/**
 * Makes every schema parse without compiling code at run time. Zod otherwise probes once with
 * `new Function` whether it may, and a page served with a Content-Security-Policy that has no
 * 'unsafe-eval' (ours) reports that probe as a violation in the browser's console. The browser
 * app calls this first thing; the server keeps the faster compiled parsers.
 *
 * Zod keeps its settings on `globalThis.__zod_globalConfig` (so that two copies of it share them)
 * and takes an object already there; setting it here keeps Zod itself out of the first bundle,
 * where importing its `config()` would add 4 KiB. parse-without-eval.test.ts checks that Zod
 * still reads it.
 */
export function parseWithoutEval(): void {
  const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  holder.__zod_globalConfig ??= {};
  holder.__zod_globalConfig.jitless = true;
}
