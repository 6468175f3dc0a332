/*
 * Where to send someone after they sign in (or confirm their e-mail): only a path on this site.
 * The value comes from the address bar (?redirect=) or a request body, so anyone can write it;
 * an address that a browser or a router could read as another site must never be followed.
 */

/** Longer than any page of ours with its query; a longer value is not one of our addresses. */
export const MAX_REDIRECT_LENGTH = 2048;

// Control characters (a browser drops tab and newline from an address, so '/\t/evil' becomes
// '//evil') and the backslash (which browsers read as a slash).
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE_CHARACTER = /[\u0000-\u001f\u007f\\]/;
// A slash or backslash written in percent form, which a router or a server may decode into one.
const ENCODED_SEPARATOR = /%(2f|5c)/i;
const PROBE_ORIGIN = 'https://same-site.invalid';

/** The path itself when it is a same-site absolute path (with its query and fragment), else '/'. */
export function safeRedirect(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_REDIRECT_LENGTH) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || UNSAFE_CHARACTER.test(value)) return '/';
  const path = value.slice(0, value.search(/[?#]|$/));
  if (ENCODED_SEPARATOR.test(path)) return '/';
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return '/';
  }
  if (decoded.startsWith('//') || UNSAFE_CHARACTER.test(decoded)) return '/';
  // Last word to the URL parser the browser itself uses: the path must stay on the same origin.
  try {
    return new URL(value, PROBE_ORIGIN).origin === PROBE_ORIGIN ? value : '/';
  } catch {
    return '/';
  }
}
