import { type DataRead, findAssignedValue, findPropertyAssignments, readDataAt } from './assignments.js';
import type { SourceCollector } from './collector.js';
import { readCallArguments } from './js-literal.js';
import { collectFlightChunks, decodeFlight, type FlightChunks } from './next-flight.js';
import { jsonBytes } from './plain-json.js';
import { GLOBAL_SOURCES, type SourceName } from './sources.js';

/** Reads every source that lives in inline JavaScript. Scripts are text here: none is run. */
export function readScriptSources(scripts: string[], collector: SourceCollector): void {
  readGlobals(scripts, collector);
  readNextFlight(scripts, collector);
  readApolloTransport(scripts, collector);
  readSvelteKitNodes(scripts, collector);
  readShopAnalyticsMeta(scripts, collector);
}

function readGlobals(scripts: string[], collector: SourceCollector): void {
  for (const { name, variable } of GLOBAL_SOURCES) {
    // A JSON script with the same id was already taken as this source.
    if (collector.has(name)) continue;
    let failure: string | null = null;
    for (const script of scripts) {
      const read = findAssignedValue(script, variable);
      if (read?.ok) {
        collector.add(name, variable, read.bytes, read.value);
        if (read.partial) warnPartial(collector, name, variable);
        break;
      }
      if (read) failure ??= read.reason;
    }
    const merged = mergePropertyAssignments(scripts, name, variable, collector);
    if (!collector.has(name) && !merged && failure !== null)
      warnUnreadable(collector, name, variable, failure);
  }
}

/**
 * `window.NAME.key = {…}` assignments, in document order, merged into the global's object (an
 * object of their own when the global was only initialised with `window.NAME || {}`). Nuxt 3's
 * `window.__NUXT__.config = {…}` is one of them. Returns whether any was read.
 */
function mergePropertyAssignments(
  scripts: string[],
  name: SourceName,
  variable: string,
  collector: SourceCollector,
): boolean {
  const current = collector.get(name);
  if (current !== undefined && !isPlainObject(current)) return false;
  const state: Record<string, unknown> = { ...(current as Record<string, unknown> | undefined) };
  let bytes = 0;
  let merged = 0;
  for (const script of scripts) {
    for (const { path, read } of findPropertyAssignments(script, variable)) {
      if (!read.ok) continue;
      setPath(state, path, read.value);
      bytes += read.bytes;
      merged += 1;
      if (read.partial) warnPartial(collector, name, `${variable}.${path.join('.')}`);
    }
  }
  if (merged === 0) return false;
  collector.update(name, variable, bytes, state);
  return true;
}

function setPath(target: Record<string, unknown>, path: string[], value: unknown): void {
  let node = target;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    node[key] = isPlainObject(next) ? { ...next } : {};
    node = node[key] as Record<string, unknown>;
  }
  node[path[path.length - 1]] = value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readNextFlight(scripts: string[], collector: SourceCollector): void {
  const chunks: FlightChunks = { chunks: [], unreadable: 0 };
  for (const script of scripts) collectFlightChunks(script, chunks);
  if (chunks.unreadable > 0) {
    collector.warn(
      `next_f: ${chunks.unreadable} self.__next_f push(es) could not be read; the stream has gaps`,
    );
  }
  if (chunks.chunks.length === 0) return;
  const stream = Buffer.concat(chunks.chunks);
  const warnings: string[] = [];
  const flight = decodeFlight(stream, warnings);
  if (chunks.formState !== undefined && chunks.formState !== null) flight.form_state = chunks.formState;
  collector.add('next_f', 'self.__next_f', stream.length, flight);
  for (const warning of warnings) collector.warn(warning);
}

const APOLLO_MARKERS = ['Symbol.for("ApolloSSRDataTransport")', "Symbol.for('ApolloSSRDataTransport')"];
const APOLLO_LEGACY = '__APOLLO_SSR_DATA_TRANSPORT__';

/** `(window[Symbol.for("ApolloSSRDataTransport")] ??= []).push({rehydrate, events})`, once per streamed chunk. */
function readApolloTransport(scripts: string[], collector: SourceCollector): void {
  const pushed: unknown[] = [];
  let bytes = 0;
  let variable: string | null = null;
  let unreadable = 0;
  for (const script of scripts) {
    const marker =
      APOLLO_MARKERS.find((m) => script.includes(m)) ??
      (script.includes(APOLLO_LEGACY) ? APOLLO_LEGACY : null);
    if (marker === null) continue;
    variable ??= marker === APOLLO_LEGACY ? APOLLO_LEGACY : 'Symbol.for("ApolloSSRDataTransport")';
    for (const match of script.matchAll(/\.push\s*(?=\()/g)) {
      try {
        const args = readCallArguments(script, (match.index ?? 0) + match[0].length).value;
        pushed.push(...args);
        bytes += jsonBytes(args.length === 1 ? args[0] : args);
      } catch {
        unreadable += 1;
      }
    }
  }
  if (unreadable > 0)
    collector.warn(`apollo_ssr_transport: ${unreadable} push call(s) could not be read; skipped`);
  if (variable !== null && pushed.length > 0) collector.add('apollo_ssr_transport', variable, bytes, pushed);
}

/** SvelteKit's hydration script: `const data = [...]` (2.x) or `data: [...]` inside `kit.start(…)` (1.x). */
function readSvelteKitNodes(scripts: string[], collector: SourceCollector): void {
  for (const script of scripts) {
    if (!script.includes('__sveltekit_') && !script.includes('kit.start')) continue;
    const read =
      firstReadAfter(script, /\b(?:const|let|var)\s+data\s*=(?!=)/g) ??
      firstReadAfter(script, /\bdata\s*:\s*(?=\[)/g);
    if (!read) continue;
    if (!read.ok) {
      warnUnreadable(collector, 'sveltekit_data', '__sveltekit_ data', read.reason);
      continue;
    }
    const current = collector.get('sveltekit_data') as Record<string, unknown> | undefined;
    collector.update('sveltekit_data', '__sveltekit_ data', read.bytes, { ...current, nodes: read.value });
    if (read.partial) warnPartial(collector, 'sveltekit_data', '__sveltekit_ data');
    return;
  }
}

/** Shopify themes: `var meta = {…}; for (var attr in meta) window.ShopifyAnalytics.meta[attr] = meta[attr];` */
function readShopAnalyticsMeta(scripts: string[], collector: SourceCollector): void {
  for (const script of scripts) {
    if (!script.includes('ShopifyAnalytics')) continue;
    const read =
      firstReadAfter(script, /\bvar\s+meta\s*=(?!=)/g) ??
      firstReadAfter(script, /ShopifyAnalytics\s*\.\s*meta\s*=(?!=)/g);
    if (read?.ok) {
      collector.add('shop_analytics_meta', 'ShopifyAnalytics.meta', read.bytes, read.value);
      return;
    }
  }
}

/** The first data read after a match of `pattern`: a success if any, else the first failure. */
function firstReadAfter(script: string, pattern: RegExp): DataRead | null {
  let failure: DataRead | null = null;
  for (const match of script.matchAll(pattern)) {
    const read = readDataAt(script, (match.index ?? 0) + match[0].length);
    if (read?.ok) return read;
    failure ??= read;
  }
  return failure;
}

function warnUnreadable(collector: SourceCollector, name: string, variable: string, reason: string): void {
  collector.warn(`${name}: ${variable} could not be decoded without running page code (${reason}); skipped`);
}

function warnPartial(collector: SourceCollector, name: string, variable: string): void {
  collector.warn(
    `${name}: ${variable} decoded partially; statements in its wrapping function that only code could apply were skipped`,
  );
}
