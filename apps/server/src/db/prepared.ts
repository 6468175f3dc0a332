/**
 * Statements the busiest screens run on every request, built once per database handle and sent to
 * PostgreSQL as named prepared statements: the SQL is neither rebuilt by the ORM nor parsed and
 * planned again by the server on each request (each pooled connection prepares it on first use).
 */
const cache = new WeakMap<object, Map<string, unknown>>();

export function preparedOnce<T>(executor: object, key: string, build: (name: string) => T): T {
  let statements = cache.get(executor);
  if (!statements) {
    statements = new Map();
    cache.set(executor, statements);
  }
  let statement = statements.get(key) as T | undefined;
  if (statement === undefined) {
    // PostgreSQL's statement names are identifiers of at most 63 bytes.
    statement = build(`ops_${statements.size}_${key.replace(/[^a-z0-9_]/gi, '_')}`.slice(0, 63));
    statements.set(key, statement);
  }
  return statement;
}
