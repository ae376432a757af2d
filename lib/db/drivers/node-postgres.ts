import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Database, DatabaseHandle } from '../client.js';
import { migrationsFolder } from '../migrations-folder.js';
import { attachPreparedRunner, poolRunner } from '../prepared.js';
import * as schema from '../schema/index.js';

export async function openNodePostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = drizzle(pool, { schema });
  attachPreparedRunner(db as unknown as Database, poolRunner(pool));
  return {
    db: db as unknown as Database,
    driver: 'pg',
    migrate: () => migrate(db, { migrationsFolder }),
    close: () => pool.end(),
  };
}
