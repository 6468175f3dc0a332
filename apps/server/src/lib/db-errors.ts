/**
 * Recognises constraint violations whatever the engine: node-postgres and PGlite both report the
 * SQLSTATE and the constraint name, and Drizzle wraps the driver's error as its `cause`.
 */
const UNIQUE_VIOLATION = '23505';

interface PgErrorFields {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

function driverError(err: unknown): PgErrorFields | null {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const fields = current as PgErrorFields;
    if (typeof fields.code === 'string') return fields;
    current = fields.cause;
  }
  return null;
}

export function isUniqueViolation(err: unknown, constraint: string): boolean {
  const found = driverError(err);
  return found?.code === UNIQUE_VIOLATION && found.constraint === constraint;
}

const EXCLUSION_VIOLATION = '23P01';

/** An EXCLUDE constraint refused the row (e.g. a second live booking of one guard for overlapping time). */
export function isExclusionViolation(err: unknown, constraint: string): boolean {
  const found = driverError(err);
  return found?.code === EXCLUSION_VIOLATION && found.constraint === constraint;
}

/**
 * A guard's time is taken: the bookings' own overlap rule, or the one over every guard on every
 * booking (booking_guards_no_overlap: staffed team guards, or a client's booking over a staffed time).
 */
export const isGuardOverlap = (err: unknown): boolean =>
  isExclusionViolation(err, 'bookings_guard_no_overlap') || isExclusionViolation(err, 'booking_guards_no_overlap');

const CHECK_VIOLATION = '23514';

/** A CHECK constraint (or a trigger raising check_violation with that constraint's name) refused the row. */
export function isCheckViolation(err: unknown, constraint: string): boolean {
  const found = driverError(err);
  return found?.code === CHECK_VIOLATION && found.constraint === constraint;
}

/**
 * The database gave up on the transaction though nothing was wrong with it: a deadlock (40P01),
 * for instance two clients' inserts each waiting on the other's overlapping row, or a
 * serialization failure (40001). Running it again is the answer.
 */
export function isTransientTransactionFailure(err: unknown): boolean {
  const code = driverError(err)?.code;
  return code === '40P01' || code === '40001';
}

/**
 * SQLSTATEs and driver codes that mean the database cannot be reached or is going away: class 08
 * (connection exception), 57P01–57P03 ('terminating connection', crash shutdown, starting up) and
 * too many connections; the socket errors node-postgres passes on; and the messages of the
 * drivers' own closed states, which carry no code.
 */
const UNAVAILABLE_CODES = new Set([
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
const UNAVAILABLE_MESSAGE =
  /terminating connection|Connection terminated|PGlite is closed|Cannot use a pool after calling end|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down|in recovery mode)|is not currently accepting connections/i;

/** The database is unreachable (or closed) rather than the query wrong: the request may be tried again. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  for (let current = queue.shift(); current !== undefined && seen.size < 20; current = queue.shift()) {
    if (current === null || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const fields = current as PgErrorFields & { message?: unknown; errors?: unknown };
    if (typeof fields.code === 'string' && UNAVAILABLE_CODES.has(fields.code)) return true;
    if (typeof fields.message === 'string' && UNAVAILABLE_MESSAGE.test(fields.message)) return true;
    if (fields.cause) queue.push(fields.cause);
    // Connecting to 'localhost' tries each address and reports all of them in an AggregateError.
    if (Array.isArray(fields.errors)) queue.push(...(fields.errors as unknown[]));
  }
  return false;
}

const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

/** PostgreSQL refused a character in text (a NUL): the request's fault, not the server's. */
export function isUnstorableText(err: unknown): boolean {
  const found = driverError(err);
  return typeof found?.code === 'string' && UNSTORABLE_TEXT.has(found.code);
}
