import type { Caller } from '../auth/verify-key.js';
import type { Database } from '../db/client.js';
import { robotsOverrides } from '../db/schema/index.js';
import { newId } from '../ids.js';

export async function recordRobotsOverride(
  db: Database,
  input: { caller: Caller; tool: string; requestId: string; url: string },
): Promise<void> {
  await db.insert(robotsOverrides).values({
    id: newId('rbo'),
    accountId: input.caller.account.id,
    apiKeyId: input.caller.apiKeyId,
    tool: input.tool,
    requestId: input.requestId,
    url: input.url,
  });
}
