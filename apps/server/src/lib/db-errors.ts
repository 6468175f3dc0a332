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
