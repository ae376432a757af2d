/**
 * A hold stops counting the moment it expires: every statement that moves an account's money first
 * takes back that account's expired, unsettled holds, so credits held by a process that died come
 * back with the account's next call, not with the next sweep. Expects `$1` to be the account id;
 * yields the CTE `returned` (`credits`: what the expired holds give back).
 *
 * SKIP LOCKED: a hold being settled right now by its own (late but live) process is left to that
 * settle, and this statement never waits on a hold row while it holds the account's row, which is
 * the order (hold, then account) a settle locks them in: no deadlock either way.
 */
export const RETURN_EXPIRED_HOLDS = `
    stale AS (
      SELECT id FROM credit_holds
      WHERE account_id = $1 AND status = 'held' AND expires_at <= now()
      FOR UPDATE SKIP LOCKED
    ), expired AS (
      UPDATE credit_holds SET status = 'expired', charged = 0, settled_at = now()
      FROM stale WHERE credit_holds.id = stale.id
      RETURNING credit_holds.amount
    ), returned AS (
      SELECT coalesce(sum(amount), 0)::int AS credits FROM expired
    )`;
