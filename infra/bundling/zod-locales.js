// Stands in for zod's index of ~40 locales in Lambda bundles: the service answers in English, the
// locale zod configures by default, and the others were a quarter of every bundle.
export { default as en } from 'zod/v4/locales/en.js';
