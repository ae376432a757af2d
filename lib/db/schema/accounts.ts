import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    plan: text('plan').notNull(),
    /** Spendable credits; holds are already taken out of it. Never negative (CHECK in the migration). */
    balance: integer('balance').notNull(),
    autoRechargeEnabled: boolean('auto_recharge_enabled').notNull().default(false),
    autoRechargeCredits: integer('auto_recharge_credits').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('accounts_balance_non_negative', sql`${table.balance} >= 0`)],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** SHA-256 of the whole key, hex. The key itself is shown once and never stored. */
    hash: text('hash').notNull().unique(),
    /** The first characters, so a user can tell keys apart in a list. */
    hint: text('hint').notNull(),
    name: text('name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('api_keys_account_idx').on(table.accountId)],
);

/** Automatic recharges the 402 path asked for; a billing worker (out of scope here) settles them. */
export const rechargeRequests = pgTable('recharge_requests', {
  id: text('id').primaryKey(),
  accountId: text('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  credits: integer('credits').notNull(),
  status: text('status').notNull().default('requested'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
