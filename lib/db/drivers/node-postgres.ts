import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Database, DatabaseHandle } from '../database.js';
import { migrationsFolder } from '../migrations-folder.js';
import { surviveOutages } from '../pool-outage.js';
import { ASYNC_COMMIT_OPTION, attachPreparedRunner, CONNECT_TIMEOUT_MS, poolRunner } from '../prepared.js';

export async function openNodePostgres(url: string): Promise<DatabaseHandle> {
  // Set in the startup message rather than by a first query: pg deprecates a query issued
  // while the pool is already running the caller's first one.
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    options: ASYNC_COMMIT_OPTION,
    // A database that does not answer a connect is an outage too: 503 in seconds, not a hung call.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  surviveOutages(pool, 'pg');
  const db = drizzle(pool);
  attachPreparedRunner(db as unknown as Database, poolRunner(pool));
  return {
    db: db as unknown as Database,
    driver: 'pg',
    migrate: () => migrate(db, { migrationsFolder }),
    close: () => pool.end(),
  };
}
