import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Database, DatabaseHandle } from '../database.js';
import { migrationsFolder } from '../migrations-folder.js';
import { ASYNC_COMMIT, attachPreparedRunner } from '../prepared.js';

/** The embedded default: a real PostgreSQL compiled to WASM, on disk when given a folder. */
export async function openPglite(dataDir?: string): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir);
  // One connection, so one setting covers it; see ASYNC_COMMIT for why the service commits this way.
  await client.exec(ASYNC_COMMIT);
  const db = drizzle(client);
  // In-process: there is no round trip or plan cache to save, so the text runs as is.
  attachPreparedRunner(
    db as unknown as Database,
    async (statement, values) => (await client.query(statement.text, values)).rows,
  );
  return {
    db: db as unknown as Database,
    driver: 'pglite',
    migrate: () => migrate(db, { migrationsFolder }),
    close: () => client.close(),
  };
}
