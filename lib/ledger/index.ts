export { getBalance } from './balance.js';
export { HOLD_TTL_SECONDS, type Hold, type HoldRequest, holdCredits } from './hold.js';
export { requestAutoRecharge } from './recharge.js';
export { type Settlement, settleHold } from './settle.js';
export { releaseStaleHolds } from './sweep.js';
export { withdrawHold } from './withdraw.js';
