import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { newId } from '../ids.js';
import { REQUEST_LOG_COLUMNS } from './request-log.js';

/**
 * The usage row of a call that ran before paying and failed: like a released hold's, zero credits
 * and the error code, so the usage log reads the same whichever way a call was metered. Its
 * request-log row, with the status the call answers, goes in the same statement.
 */
export async function logUnchargedFailure(
  db: Database,
  call: {
    accountId: string;
    apiKeyId: string;
    tool: string;
    requestId: string;
    outcome: string;
    status: number;
    durationMs: number;
  },
): Promise<void> {
  const durationMs = Math.round(call.durationMs);
  await db.execute(sql`
    WITH logged AS (
      INSERT INTO usage_log (id, account_id, api_key_id, tool, request_id, credits, outcome, duration_ms)
      VALUES (${newId('use')}, ${call.accountId}, ${call.apiKeyId}, ${call.tool}, ${call.requestId}, 0,
        ${call.outcome}, ${durationMs})
    )
    INSERT INTO ${sql.raw(REQUEST_LOG_COLUMNS)}
    VALUES (${call.requestId}, ${call.accountId}, ${call.apiKeyId}, ${call.tool}, ${call.status},
      ${call.outcome}, 0, ${durationMs})
    ON CONFLICT (request_id) DO NOTHING`);
}
