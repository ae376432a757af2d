import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { requestLog } from '../../db/schema/index.js';
import { requestLogFloor } from '../../ledger/request-log.js';
import { decodeCursor, encodeCursor } from '../../monitors/api/views.js';
import type { LoggedRequest, RequestsQuery } from './schemas.js';

export interface RequestPage {
  data: LoggedRequest[];
  next_cursor: string | null;
}

const STATUS_RANGES: Record<NonNullable<RequestsQuery['status']>, [number, number]> = {
  ok: [200, 300],
  error: [300, 600],
  '4xx': [400, 500],
  '5xx': [500, 600],
};

/**
 * One page of an account's request log, newest first, from the last 7 days. The account id and the
 * request-id range are the index's own columns, so a page is one index walk however long the log.
 */
export async function readRequests(
  db: Database,
  accountId: string,
  query: RequestsQuery,
  now: Date,
): Promise<RequestPage> {
  const conditions: SQL[] = [
    eq(requestLog.accountId, accountId),
    gte(requestLog.requestId, requestLogFloor(now)),
  ];
  if (query.cursor) conditions.push(lt(requestLog.requestId, decodeCursor(query.cursor, 'req')));
  if (query.tool) conditions.push(eq(requestLog.tool, query.tool));
  if (query.status) {
    const [from, below] = STATUS_RANGES[query.status];
    conditions.push(gte(requestLog.status, from), lt(requestLog.status, below));
  }
  const rows = await db
    .select()
    .from(requestLog)
    .where(and(...conditions))
    .orderBy(desc(requestLog.requestId))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    data: page.map((row) => ({
      request_id: row.requestId,
      tool: row.tool,
      status: row.status,
      error_code: row.errorCode,
      credits: row.credits,
      duration_ms: row.durationMs,
      api_key_id: row.apiKeyId,
      created_at: row.createdAt.toISOString(),
    })),
    next_cursor: rows.length > query.limit ? encodeCursor(page[page.length - 1].requestId) : null,
  };
}
