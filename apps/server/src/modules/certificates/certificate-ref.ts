/**
 * Certificate reference numbers: `OPS-XXXXX-XXXXX-XXXXX-C`. Fifteen random Crockford base32
 * characters (75 bits, so nobody can guess a neighbour of a real one) and Crockford's mod-37
 * check symbol, which catches every single mistyped character and every swap of two neighbours
 * before a lookup reaches the database.
 */

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Crockford's check symbols: the 32 above, then the five extra values 32..36. */
const CHECK_SYMBOLS = `${ALPHABET}*~$=U`;
const BODY_LENGTH = 15;
const GROUP = 5;
const PREFIX = 'OPS';

function checkSymbol(body: string): string {
  let remainder = 0;
  for (const char of body) remainder = (remainder * 32 + ALPHABET.indexOf(char)) % 37;
  return CHECK_SYMBOLS[remainder]!;
}

function format(body: string): string {
  const groups: string[] = [];
  for (let i = 0; i < body.length; i += GROUP) groups.push(body.slice(i, i + GROUP));
  return `${PREFIX}-${groups.join('-')}-${checkSymbol(body)}`;
}

/** A new reference, e.g. `OPS-7KQ2M-X9T4D-HB3ZR-Q`. */
export function newCertificateRef(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(BODY_LENGTH));
  // 256 is a multiple of 32, so the low five bits of each byte are uniform.
  const body = Array.from(bytes, (b) => ALPHABET[b & 31]).join('');
  return format(body);
}

/** Crockford's reading of characters people confuse: O is zero, I and L are one. */
const readAs = (char: string) => (char === 'O' ? '0' : char === 'I' || char === 'L' ? '1' : char);

/**
 * What someone typed or scanned → the canonical reference, or null when it cannot be one (wrong
 * length, a character outside the alphabet, or a check symbol that does not match). Case, spaces,
 * missing or extra dashes and the prefix are forgiven; O, I and L in the body read as 0, 1 and 1.
 */
export function normalizeCertificateRef(input: string): string | null {
  if (typeof input !== 'string' || input.length > 64) return null;
  let compact = input.trim().toUpperCase().replace(/[\s-]/g, '');
  if (compact.length === PREFIX.length + BODY_LENGTH + 1 && compact.startsWith(PREFIX)) compact = compact.slice(PREFIX.length);
  if (compact.length !== BODY_LENGTH + 1) return null;
  const body = Array.from(compact.slice(0, BODY_LENGTH), readAs).join('');
  if (![...body].every((char) => ALPHABET.includes(char))) return null;
  const check = readAs(compact.slice(BODY_LENGTH));
  if (check !== checkSymbol(body)) return null;
  return format(body);
}

/** The canonical form's shape, for routes that only want to reject obvious garbage cheaply. */
export const CERTIFICATE_REF_PATTERN = /^OPS-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z*~$=U]$/;
