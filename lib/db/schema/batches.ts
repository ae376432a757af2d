import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { accountId, createdAt, id, timestamptz } from './columns.js';

/**
 * One `batch_scrape` call's per-URL results, paged by `get_batch_results` until `expires_at`
 * (24 hours, docs/reference/sites-batches-documents.md#batch_scrape). A batch runs synchronously, so a stored one is always `completed`.
 */
export const batches = pgTable(
  'batches',
  {
    id: id(),
    accountId: accountId(() => accounts.id),
    status: text('status').notNull(),
    total: integer('total').notNull(),
    succeeded: integer('succeeded').notNull(),
    failed: integer('failed').notNull(),
    skipped: integer('skipped').notNull(),
    /** The `results[]` of the batch_scrape response, in input order. */
    results: jsonb('results').notNull(),
    completedAt: timestamptz('completed_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('batches_expiry_idx').on(table.expiresAt)],
);
