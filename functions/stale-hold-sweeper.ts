import { openDatabase } from '../lib/db/client.js';
import { parseConfig } from '../lib/env.js';
import { releaseStaleHolds } from '../lib/ledger/index.js';
import { logger } from '../lib/logger.js';

// Opened once per cold start; a bad environment shows in the init log, and fails every run.
const database = openDatabase(parseConfig());
database.catch((error) => logger.error('database did not open', { error: String(error) }));

/** EventBridge, every five minutes: give back the credits of calls that died holding them. */
export async function handler(): Promise<{ released: number }> {
  const { db } = await database;
  const released = await releaseStaleHolds(db);
  logger.info('released stale holds', { released });
  return { released };
}
