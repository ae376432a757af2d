import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { batches } from '../db/schema/index.js';
import { ApiError } from '../errors/api-error.js';
import { logger } from '../logger.js';
import type { BatchResult } from './batch-result.js';

/** docs/reference/sites-batches-documents.md#batch_scrape: batch results are stored 24 hours. */
export const BATCH_TTL_MS = 24 * 60 * 60 * 1000;

export interface StoredBatch {
  id: string;
  status: string;
  total: number;
  results: BatchResult[];
  completedAt: Date;
  expiresAt: Date;
}

function storageUnavailable(action: string, cause: unknown): ApiError {
  logger.error(`batch store: ${action} failed`, { error: String(cause) });
  return new ApiError('STORAGE_UNAVAILABLE', `Batch results could not be ${action}; try again`, { cause });
}

/** Keeps a finished batch for `get_batch_results`; 503 STORAGE_UNAVAILABLE when the store refuses. */
export async function saveBatch(
  db: Database,
  batch: { id: string; accountId: string; results: BatchResult[]; completedAt: Date },
): Promise<{ expiresAt: Date }> {
  const count = (status: BatchResult['status']) => batch.results.filter((r) => r.status === status).length;
  const expiresAt = new Date(batch.completedAt.getTime() + BATCH_TTL_MS);
  try {
    await db.insert(batches).values({
      id: batch.id,
      accountId: batch.accountId,
      status: 'completed',
      total: batch.results.length,
      succeeded: count('success'),
      failed: count('failed'),
      skipped: count('skipped'),
      results: batch.results,
      completedAt: batch.completedAt,
      expiresAt,
    });
  } catch (error) {
    throw storageUnavailable('stored', error);
  }
  return { expiresAt };
}

/** The account's batch while it lives; another account's id reads like an unknown or expired one. */
export async function loadBatch(
  db: Database,
  accountId: string,
  batchId: string,
): Promise<StoredBatch | null> {
  let rows: Array<typeof batches.$inferSelect>;
  try {
    rows = await db
      .select()
      .from(batches)
      .where(
        and(eq(batches.id, batchId), eq(batches.accountId, accountId), gt(batches.expiresAt, new Date())),
      )
      .limit(1);
  } catch (error) {
    throw storageUnavailable('read', error);
  }
  const [row] = rows;
  if (!row) return null;
  return {
    id: row.id,
    status: row.status,
    total: row.total,
    results: row.results as BatchResult[],
    completedAt: row.completedAt,
    expiresAt: row.expiresAt,
  };
}
