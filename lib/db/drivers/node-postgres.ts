import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Database, DatabaseHandle } from '../database.js';
import { migrationsFolder } from '../migrations-folder.js';
import { ASYNC_COMMIT_OPTION, attachPreparedRunner, poolRunner } from '../prepared.js';

export async function openNodePostgres(url: string): Promise<DatabaseHandle> {
  // Set in the startup message rather than by a first query: pg deprecates a query issued
  // while the pool is already running the caller's first one.
  const pool = new pg.Pool({ connectionString: url, max: 10, options: ASYNC_COMMIT_OPTION });
  const db = drizzle(pool);
  attachPreparedRunner(db as unknown as Database, poolRunner(pool));
  return {
    db: db as unknown as Database,
    driver: 'pg',
    migrate: () => migrate(db, { migrationsFolder }),
    close: () => pool.end(),
  };
}
