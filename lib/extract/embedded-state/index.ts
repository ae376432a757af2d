export { findEmbeddedState } from './find-embedded-state.js';
export { findKeys, type KeyMatch, MAX_MATCHES, PREVIEW_CHARS } from './find-keys.js';
export { parsePath, resolvePath } from './path.js';
export { jsonBytes } from './plain-json.js';
export { keysOnly, type Shape } from './shape.js';
export {
  type EmbeddedState,
  type FoundSource,
  SOURCE_NAMES,
} from './sources.js';
