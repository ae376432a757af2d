export { getBalance } from './balance.js';
export { holdCredits } from './hold.js';
export { requestAutoRecharge } from './recharge.js';
export { settleHold } from './settle.js';
export { releaseStaleHolds } from './sweep.js';
export { withdrawHold } from './withdraw.js';
