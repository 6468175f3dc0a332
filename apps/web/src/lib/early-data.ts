/**
 * Answers fetched at start-up, before the page's code has arrived: a public page's data then
 * travels with its code instead of after it (one round trip less on a phone's slow line). The
 * router names which API address a page will read first (`router.tsx`); the API client takes the
 * answer from here once, instead of asking again.
 */
const early = new Map<string, { at: number; response: Promise<Response> }>();

/** An answer older than this is not used: it is asked for again. */
const FRESH_MS = 30_000;

/** Starts a GET of an API address that the page about to render will read. */
export function fetchEarly(path: string): void {
  if (early.has(path)) return;
  const response = fetch(path, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
  // A failed request is the page's to report when it reads it; not an unhandled rejection meanwhile.
  response.catch(() => {});
  early.set(path, { at: Date.now(), response });
}

/** The early answer for this address, once; undefined when none was started or it is stale. */
export function takeEarly(path: string): Promise<Response> | undefined {
  const entry = early.get(path);
  if (!entry) return undefined;
  early.delete(path);
  return Date.now() - entry.at <= FRESH_MS ? entry.response : undefined;
}
