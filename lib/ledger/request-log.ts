import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { requestLog } from '../db/schema/index.js';
import { firstIdAt } from '../ids.js';

/** How long the request log keeps a call: a week of "what failed, and was I charged". */
export const REQUEST_LOG_DAYS = 7;
const DAY_MS = 86_400_000;

/**
 * The column list of the INSERT each ledger statement adds to write the call's row beside its money.
 * Each adds `ON CONFLICT (request_id) DO NOTHING` too: a log row must never make a charge fail.
 */
export const REQUEST_LOG_COLUMNS =
  'request_log (request_id, account_id, api_key_id, tool, status, error_code, credits, duration_ms)';

export interface LoggedCall {
  requestId: string;
  accountId: string;
  apiKeyId: string;
  tool: string;
  status: number;
  errorCode: string | null;
  durationMs: number;
}

/**
 * The row of a call refused before the ledger took or released anything, so at 0 credits. A row the
 * ledger already wrote for the same request wins.
 */
export async function logRefusedCall(db: Database, call: LoggedCall): Promise<void> {
  await db
    .insert(requestLog)
    .values({ ...call, credits: 0, durationMs: Math.round(call.durationMs) })
    .onConflictDoNothing();
}

/** The oldest request id the log still shows: calls made in the last `REQUEST_LOG_DAYS` days. */
export function requestLogFloor(now: Date): string {
  return firstIdAt('req', new Date(now.getTime() - REQUEST_LOG_DAYS * DAY_MS));
}

const PRUNE_BATCH = 5_000;
const MAX_BATCHES = 20;

/**
 * Deletes the rows of calls older than the log's window, in batches walking the request-id key
 * (ids sort by time), so a backlog is worked off over a few sweeps without one long statement.
 */
export async function pruneRequestLog(db: Database, now: Date): Promise<number> {
  const floor = requestLogFloor(now);
  let pruned = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const result = await db.execute(sql`
      WITH old AS (
        SELECT request_id FROM request_log WHERE request_id < ${floor} LIMIT ${PRUNE_BATCH}
      ), deleted AS (
        DELETE FROM request_log r USING old WHERE r.request_id = old.request_id RETURNING 1
      )
      SELECT count(*)::int AS pruned FROM deleted`);
    const count = Number(rowsOf<{ pruned: number }>(result)[0]?.pruned ?? 0);
    pruned += count;
    if (count < PRUNE_BATCH) break;
  }
  return pruned;
}
