import { neonConfig, Pool } from '@neondatabase/serverless';
import { drizzle } from 'drizzle-orm/neon-serverless';
import { migrate } from 'drizzle-orm/neon-serverless/migrator';
import type { Database, DatabaseHandle } from '../database.js';
import { migrationsFolder } from '../migrations-folder.js';
import { surviveOutages } from '../pool-outage.js';
import {
  attachPreparedRunner,
  CONNECT_TIMEOUT_MS,
  commitWithoutWaitingForFlush,
  poolRunner,
} from '../prepared.js';

/**
 * Neon's WebSocket pool, not its HTTP driver: the ledger runs interactive transactions, which
 * the HTTP driver cannot.
 */
export async function openNeon(url: string, options: { wsProxy?: string } = {}): Promise<DatabaseHandle> {
  // `ws`, not Node's own WebSocket (Node 22): that one loads all of Node's fetch (undici) on first
  // touch, which made a cold start 15 ms slower than loading `ws` (bundled; it needs the TLS that the
  // connection needs anyway). The same client then runs here and in Lambda.
  neonConfig.webSocketConstructor = (await import('ws')).default;
  if (options.wsProxy) {
    // Neon's documented local setup: a plain WebSocket proxy in front of a local PostgreSQL.
    neonConfig.wsProxy = options.wsProxy;
    neonConfig.useSecureWebSocket = false;
    neonConfig.pipelineTLS = false;
    neonConfig.pipelineConnect = false;
  }
  const pool = new Pool({ connectionString: url, max: 5, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  surviveOutages(pool, 'neon');
  commitWithoutWaitingForFlush(pool);
  const db = drizzle(pool);
  attachPreparedRunner(db as unknown as Database, poolRunner(pool));
  return {
    db: db as unknown as Database,
    driver: 'neon',
    migrate: () => migrate(db, { migrationsFolder }),
    close: () => pool.end(),
  };
}
