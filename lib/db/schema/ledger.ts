import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { accountId, callColumns, createdAt, id, timestamptz } from './columns.js';

/** One row per metered call that took credits out of a balance: held, then committed or released. */
export const creditHolds = pgTable(
  'credit_holds',
  {
    id: id(),
    accountId: accountId(() => accounts.id),
    ...callColumns(),
    amount: integer('amount').notNull(),
    status: text('status').notNull().default('held'),
    charged: integer('charged'),
    /** The monitor a check's hold was taken for; the settle copies it to the usage row. */
    monitorId: text('monitor_id'),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
    settledAt: timestamptz('settled_at'),
  },
  (table) => [index('credit_holds_stale_idx').on(table.status, table.expiresAt)],
);

export const usageLog = pgTable(
  'usage_log',
  {
    id: id(),
    accountId: accountId(() => accounts.id),
    ...callColumns(),
    credits: integer('credits').notNull(),
    /** `success`, or the error code the call ended with. */
    outcome: text('outcome').notNull(),
    durationMs: integer('duration_ms').notNull(),
    createdAt: createdAt(),
    /**
     * The monitor whose check this was (null for a tool call). No foreign key: the spend of a
     * deleted monitor stays in the account's usage.
     */
    monitorId: text('monitor_id'),
  },
  (table) => [index('usage_log_account_idx').on(table.accountId, table.createdAt)],
);

/**
 * One row per metered call the caller's account can be told about, kept 7 days: what it answered
 * and what it cost. Written by the ledger statement that charged or released the call, or, for a
 * call refused before the ledger (validation, rate limit, a short balance), just after its answer.
 * Keyed by the request id, which sorts by time: the list pages and the sweep prunes on it.
 */
export const requestLog = pgTable(
  'request_log',
  {
    requestId: text('request_id').primaryKey(),
    accountId: accountId(() => accounts.id),
    apiKeyId: text('api_key_id').notNull(),
    tool: text('tool').notNull(),
    /** The HTTP status the call answered. */
    status: integer('status').notNull(),
    /** Null on success. */
    errorCode: text('error_code'),
    credits: integer('credits').notNull(),
    durationMs: integer('duration_ms').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('request_log_account_idx').on(table.accountId, table.requestId)],
);
