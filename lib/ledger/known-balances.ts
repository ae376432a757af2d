const MAX_ACCOUNTS = 10_000;

interface AccountView {
  /** The balance the last statement on this account left, or an upper bound after a 402. */
  balance: number;
  /** Prices of calls on this instance that ran first and have not been charged yet. */
  running: number;
}

/**
 * What this instance last learned of each account's balance, so that a call that would run before
 * paying does so only when the account looked able to pay: an account known to be short (or whose
 * running calls already spend what it had) takes the hold path instead, where the database answers
 * before anything runs. A hint, never the decision: the charge's own condition decides, so an
 * account spending from several instances at once can still see one call run and answer 402.
 * An account never seen here is trusted to pay; what that costs is bounded by one run per call.
 */
export class KnownBalances {
  private readonly accounts = new Map<string, AccountView>();

  /** True when a call of `price` may run first; then `finish` must follow with the same price. */
  start(accountId: string, price: number): boolean {
    const view = this.accounts.get(accountId);
    if (!view) {
      this.accounts.set(accountId, { balance: Number.POSITIVE_INFINITY, running: price });
      this.evictOldest();
      return true;
    }
    if (view.balance - view.running < price) return false;
    view.running += price;
    return true;
  }

  finish(accountId: string, price: number): void {
    const view = this.accounts.get(accountId);
    if (view) view.running = Math.max(0, view.running - price);
  }

  /** The balance a statement on the account returned. */
  record(accountId: string, balance: number): void {
    const running = this.accounts.get(accountId)?.running ?? 0;
    // Re-inserted so the map's order is least recently seen first, which is what gets dropped.
    this.accounts.delete(accountId);
    this.accounts.set(accountId, { balance, running });
    this.evictOldest();
  }

  /** A 402 for `price`: the balance is below it. */
  recordShort(accountId: string, price: number): void {
    const known = this.accounts.get(accountId)?.balance ?? Number.POSITIVE_INFINITY;
    this.record(accountId, Math.min(known, price - 1));
  }

  private evictOldest(): void {
    if (this.accounts.size > MAX_ACCOUNTS) this.accounts.delete(this.accounts.keys().next().value as string);
  }
}
