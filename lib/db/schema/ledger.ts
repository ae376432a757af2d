import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';

/** One row per metered call that took credits out of a balance: held, then committed or released. */
export const creditHolds = pgTable(
  'credit_holds',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    apiKeyId: text('api_key_id').notNull(),
    tool: text('tool').notNull(),
    requestId: text('request_id').notNull(),
    amount: integer('amount').notNull(),
    status: text('status').notNull().default('held'),
    charged: integer('charged'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [index('credit_holds_stale_idx').on(table.status, table.expiresAt)],
);

export const usageLog = pgTable(
  'usage_log',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    apiKeyId: text('api_key_id').notNull(),
    tool: text('tool').notNull(),
    requestId: text('request_id').notNull(),
    credits: integer('credits').notNull(),
    /** `success`, or the error code the call ended with. */
    outcome: text('outcome').notNull(),
    durationMs: integer('duration_ms').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('usage_log_account_idx').on(table.accountId, table.createdAt)],
);
