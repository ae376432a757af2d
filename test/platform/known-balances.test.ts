import { describe, expect, it } from 'vitest';
import { KnownBalances } from '../../lib/ledger/known-balances.js';

describe('the per-instance view of account balances', () => {
  it('lets an account never seen here run first, any number of calls at once', () => {
    const balances = new KnownBalances();
    expect(balances.start('acc_new', 5)).toBe(true);
    expect(balances.start('acc_new', 5)).toBe(true);
  });

  it('counts the prices of calls still running against the balance last seen', () => {
    const balances = new KnownBalances();
    balances.record('acc_a', 8);
    expect(balances.start('acc_a', 5)).toBe(true);
    expect(balances.start('acc_a', 5)).toBe(false);
    balances.finish('acc_a', 5);
    expect(balances.start('acc_a', 5)).toBe(true);
  });

  it('sends an account known to be short to the hold path until a statement shows credits again', () => {
    const balances = new KnownBalances();
    balances.recordShort('acc_b', 3);
    expect(balances.start('acc_b', 3)).toBe(false);
    // Below the refused price, the account may still cover a cheaper call.
    expect(balances.start('acc_b', 2)).toBe(true);
    balances.finish('acc_b', 2);
    balances.record('acc_b', 100);
    expect(balances.start('acc_b', 3)).toBe(true);
  });
});
