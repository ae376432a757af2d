import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { storedResults } from '../db/schema/index.js';
import { newId } from '../ids.js';

export const STORED_RESULT_TTL_MS = 60 * 60 * 1000;

export async function storeResult(
  db: Database,
  /** `json`: the result already serialised, sent as is rather than stringified a second time. */
  input: { accountId: string; tool: string; json: string; totalChars: number },
): Promise<{ handle: string; expiresAt: Date }> {
  const handle = newId('res');
  const expiresAt = new Date(Date.now() + STORED_RESULT_TTL_MS);
  await db.insert(storedResults).values({
    id: handle,
    accountId: input.accountId,
    tool: input.tool,
    result: sql`${input.json}::jsonb`,
    totalChars: input.totalChars,
    expiresAt,
  });
  return { handle, expiresAt };
}

/** Another account's handle reads exactly like an unknown or expired one. */
export async function loadStoredResult(db: Database, accountId: string, handle: string) {
  const [row] = await db
    .select()
    .from(storedResults)
    .where(
      and(
        eq(storedResults.id, handle),
        eq(storedResults.accountId, accountId),
        gt(storedResults.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row ?? null;
}
