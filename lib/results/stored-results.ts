import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { storedResults } from '../db/schema/index.js';
import { newId } from '../ids.js';

export const STORED_RESULT_TTL_MS = 60 * 60 * 1000;

/**
 * PostgreSQL cannot turn U+0000 into text (jsonb refuses it outright, json's operators on reading),
 * and a fetched page can carry it: each one becomes U+FFFD (what an HTML parser makes of it too), so
 * storing and reading the result cannot fail on any driver. The copy is made only when the
 * serialised result has the escape.
 */
function storableJson(json: string): string {
  if (!json.includes('\\u0000')) return json;
  // The escape itself, not a literal backslash before "u0000": an even run of backslashes precedes it.
  return json.replace(/(?<!\\)((?:\\\\)*)\\u0000/g, '$1\\ufffd');
}

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
    result: sql`${storableJson(input.json)}::json`,
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
