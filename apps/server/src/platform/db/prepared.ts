/**
 * Queries that run on every request (the session lookup, one record by id) are built and
 * prepared once per database handle instead of on every call: drizzle's query building was
 * the largest share of the CPU of a small read. `name` is the PostgreSQL prepared statement's
 * name, so it must be unique per query text.
 */
const cache = new WeakMap<object, Map<string, unknown>>();

export function prepared<T>(db: object, name: string, build: () => T): T {
  let byName = cache.get(db);
  if (!byName) {
    byName = new Map();
    cache.set(db, byName);
  }
  let query = byName.get(name) as T | undefined;
  if (query === undefined) {
    query = build();
    byName.set(name, query);
  }
  return query;
}
