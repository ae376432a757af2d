import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * The one query surface every driver yields; domain verbs are written against it only. Opened
 * without drizzle's relational schema: nothing uses `db.query`, and building its relation config
 * was a cold start's cost for nothing.
 */
export type Database = PgDatabase<PgQueryResultHKT>;

export type DatabaseDriver = 'pglite' | 'pg' | 'neon';

export interface DatabaseHandle {
  db: Database;
  driver: DatabaseDriver;
  migrate(): Promise<void>;
  close(): Promise<void>;
}
