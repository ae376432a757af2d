import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { accountId, createdAt, id, timestamptz } from './columns.js';

export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    name: text('name').notNull(),
    plan: text('plan').notNull(),
    /** Spendable credits; holds are already taken out of it. Never negative (CHECK in the migration). */
    balance: integer('balance').notNull(),
    autoRechargeEnabled: boolean('auto_recharge_enabled').notNull().default(false),
    autoRechargeCredits: integer('auto_recharge_credits').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [check('accounts_balance_non_negative', sql`${table.balance} >= 0`)],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    accountId: accountId(() => accounts.id),
    /** SHA-256 of the whole key, hex. The key itself is shown once and never stored. */
    hash: text('hash').notNull().unique(),
    /** The first characters, so a user can tell keys apart in a list. */
    hint: text('hint').notNull(),
    name: text('name'),
    createdAt: createdAt(),
    revokedAt: timestamptz('revoked_at'),
  },
  (table) => [index('api_keys_account_idx').on(table.accountId)],
);

/** Automatic recharges the 402 path asked for; a billing worker (out of scope here) settles them. */
export const rechargeRequests = pgTable('recharge_requests', {
  id: id(),
  accountId: accountId(() => accounts.id),
  credits: integer('credits').notNull(),
  status: text('status').notNull().default('requested'),
  createdAt: createdAt(),
});
