import { type AnyPgColumn, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * Columns most tables repeat, each a function so every table gets builders of its own. The SQL they
 * produce is the SQL the tables wrote out by hand: `drizzle-kit generate` finds no change.
 */

/** A `timestamptz`: every time the service stores is an instant. */
export function timestamptz(name: string) {
  return timestamp(name, { withTimezone: true });
}

/** The primary key: a prefixed id made in code (lib/ids.ts), never by the database. */
export function id() {
  return text('id').primaryKey();
}

/** The owning account, passed lazily as drizzle wants it; the row goes when the account does. */
export function accountId(account: () => AnyPgColumn) {
  return text('account_id').notNull().references(account, { onDelete: 'cascade' });
}

export function createdAt() {
  return timestamptz('created_at').notNull().defaultNow();
}

/** The metered call a row belongs to: the key that made it, the tool and the request id. */
export function callColumns() {
  return {
    apiKeyId: text('api_key_id').notNull(),
    tool: text('tool').notNull(),
    requestId: text('request_id').notNull(),
  };
}
