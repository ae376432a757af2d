import type { Database } from '../db/client.js';
import { usageLog } from '../db/schema/index.js';
import { newId } from '../ids.js';

/**
 * The usage row of a call that ran before paying and failed: like a released hold's, zero credits
 * and the error code, so the usage log reads the same whichever way a call was metered.
 */
export async function logUnchargedFailure(
  db: Database,
  call: {
    accountId: string;
    apiKeyId: string;
    tool: string;
    requestId: string;
    outcome: string;
    durationMs: number;
  },
): Promise<void> {
  await db.insert(usageLog).values({
    id: newId('use'),
    accountId: call.accountId,
    apiKeyId: call.apiKeyId,
    tool: call.tool,
    requestId: call.requestId,
    credits: 0,
    outcome: call.outcome,
    durationMs: Math.round(call.durationMs),
  });
}
