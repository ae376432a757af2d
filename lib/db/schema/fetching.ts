import { index, integer, json, pgTable, text } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { accountId, callColumns, createdAt, id, timestamptz } from './columns.js';

/** `respect_robots: false` calls, kept against the key that made them. */
export const robotsOverrides = pgTable(
  'robots_overrides',
  {
    id: id(),
    accountId: accountId(() => accounts.id),
    ...callColumns(),
    url: text('url').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('robots_overrides_key_idx').on(table.apiKeyId)],
);

/**
 * Results larger than `max_inline_chars`, readable with read_result until `expires_at`. `json`, not
 * `jsonb`: the answer is only ever read back whole, so it is kept as written (its keys in their
 * order) and not converted to binary on the way in, a third of storing a large page's answer.
 */
export const storedResults = pgTable(
  'stored_results',
  {
    id: id(),
    accountId: accountId(() => accounts.id),
    tool: text('tool').notNull(),
    result: json('result').notNull(),
    totalChars: integer('total_chars').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('stored_results_expiry_idx').on(table.expiresAt)],
);
