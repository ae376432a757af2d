export {
  type FindEmbeddedStateOptions,
  findEmbeddedState,
  JSON_ATTRIBUTE_MIN_BYTES,
} from './find-embedded-state.js';
export { findKeys, type KeyMatch, type KeyMatches, MAX_MATCHES, PREVIEW_CHARS } from './find-keys.js';
export { parsePath, type ResolvedPath, resolvePath } from './path.js';
export { jsonBytes } from './plain-json.js';
export { keysOnly, type Shape } from './shape.js';
export {
  type EmbeddedState,
  type FoundSource,
  type JsonAttributeEntry,
  type JsonScriptEntry,
  SOURCE_NAMES,
  type SourceName,
} from './sources.js';
