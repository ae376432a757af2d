export { availableBalance, getBalance } from './balance.js';
export { type Charge, type ChargeResult, chargeAfterRunning } from './charge.js';
export {
  type Hold,
  type HoldRequest,
  holdCredits,
  holdExpirySeconds,
  TOOL_FUNCTION_BUDGET_MS,
} from './hold.js';
export { KnownBalances } from './known-balances.js';
export { logUnchargedFailure } from './log-failure.js';
export { requestAutoRecharge } from './recharge.js';
export { settleHold } from './settle.js';
export { releaseStaleHolds } from './sweep.js';
export { withdrawHold } from './withdraw.js';
