export * from './accounts.js';
export * from './batches.js';
export * from './browser-sessions.js';
export * from './fetching.js';
export * from './ledger.js';
export * from './monitors.js';
