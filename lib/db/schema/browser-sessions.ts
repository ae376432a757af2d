import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { accountId, createdAt, id, timestamptz } from './columns.js';

/**
 * The registry of what lives on a browser host beyond one request: browser_session sessions and
 * stealth_mode contexts. The page itself is in the host's memory; this row says whose it is, where
 * it is, and when it ends. `expires_at` is the hard `ttl`, `idle_expires_at` the `activity_ttl`
 * clock that every operation restarts.
 */
export const browserSessions = pgTable(
  'browser_sessions',
  {
    id: id(),
    accountId: accountId(() => accounts.id),
    apiKeyId: text('api_key_id').notNull(),
    /** `session` (browser_session) or `context` (a stealth_mode context). */
    kind: text('kind').notNull(),
    /** The host process holding the page; rows of a host that restarted are closed at its start. */
    hostId: text('host_id').notNull(),
    url: text('url'),
    engine: text('engine').notNull(),
    stealth: boolean('stealth').notNull(),
    /** `live` or `closed`. */
    status: text('status').notNull().default('live'),
    /** `closed` (asked), `ttl`, `idle`, `cleanup`, `host_restart`. */
    closeReason: text('close_reason'),
    ttlSeconds: integer('ttl_seconds').notNull(),
    activityTtlSeconds: integer('activity_ttl_seconds').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    idleExpiresAt: timestamptz('idle_expires_at').notNull(),
    lastActivityAt: timestamptz('last_activity_at').notNull(),
    closedAt: timestamptz('closed_at'),
    createdAt: createdAt(),
  },
  (table) => [
    index('browser_sessions_account_idx').on(table.accountId, table.status),
    index('browser_sessions_host_idx').on(table.hostId, table.status),
  ],
);
