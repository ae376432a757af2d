/** `db.execute` returns `{ rows }` on pg, Neon and PGlite alike; this reads them typed. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
