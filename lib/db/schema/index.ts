export * from './accounts.js';
export * from './fetching.js';
export * from './ledger.js';
