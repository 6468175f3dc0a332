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
