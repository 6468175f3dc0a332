/**
 * The test harness's own settings, which the app never reads (env.ts parses the app's): the one
 * place a test file learns of them.
 */

/** A PostgreSQL server the suites run on as well (CI sets it); unset, they run on PGlite alone. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
