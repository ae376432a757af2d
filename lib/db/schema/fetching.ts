import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';

/** `respect_robots: false` calls, kept against the key that made them. */
export const robotsOverrides = pgTable(
  'robots_overrides',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    apiKeyId: text('api_key_id').notNull(),
    tool: text('tool').notNull(),
    requestId: text('request_id').notNull(),
    url: text('url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('robots_overrides_key_idx').on(table.apiKeyId)],
);

/** Results larger than `max_inline_chars`, readable with read_result until `expires_at`. */
export const storedResults = pgTable(
  'stored_results',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tool: text('tool').notNull(),
    result: jsonb('result').notNull(),
    totalChars: integer('total_chars').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('stored_results_expiry_idx').on(table.expiresAt)],
);
