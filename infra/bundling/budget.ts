/** Past about this size a bundle's load (parse and compile) dominates the cold start. */
export const MAX_TOOL_BUNDLE_BYTES = 1024 * 1024; // 1 MB, as bundle sizes are read (KiB)

/**
 * The tools that validate answers against a caller's JSON Schema run its `pattern`s on re2js, a
 * linear-time engine (V8's backtracking one can be made to take minutes), and carry it: about
 * 150 KB minified, loaded at cold start because validation is synchronous.
 */
const RUNS_CALLER_PATTERNS = new Set(['extract_structured', 'extract_with_llm']);
const LINEAR_REGEX_ENGINE_BYTES = 192 * 1024;

/** The most a tool's bundle may weigh; browser tools load Chromium's driver and have none. */
export function toolBundleBudget(toolName: string): number {
  return MAX_TOOL_BUNDLE_BYTES + (RUNS_CALLER_PATTERNS.has(toolName) ? LINEAR_REGEX_ENGINE_BYTES : 0);
}
