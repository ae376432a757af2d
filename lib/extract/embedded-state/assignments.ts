import { parseDataText, readJsLiteral } from './js-literal.js';
import { LiteralError, scanBalanced, skipSpace } from './js-scan.js';
import { utf8Length } from './plain-json.js';

export type DataRead =
  | { ok: true; value: unknown; bytes: number; partial: boolean }
  | { ok: false; reason: string };

/** Right-hand sides worth reading: a literal, a wrapped JSON string, or the IIFE form. */
const DATA_START = /^(?:[{[(]|JSON\s*\.\s*parse\s*\(|Object\s*\.\s*freeze\s*\(|deepFreeze\s*\(|["'`])/;

/**
 * Reads the value that starts at `start` (just after `=`, `:` or a call's `(`). Returns null
 * for a right-hand side that is an expression rather than data (`window.x || {}`, a variable,
 * a call we do not know), which is how pages initialise a global before filling it, and so is
 * not worth a warning.
 */
export function readDataAt(src: string, start: number): DataRead | null {
  const at = skipSpace(src, start);
  const head = src.slice(at, at + 40);
  if (!DATA_START.test(head)) return null;
  try {
    if (src[at] === '{' || src[at] === '[') {
      const end = scanBalanced(src, at);
      if (end === -1) return { ok: false, reason: 'the literal never closes' };
      const text = src.slice(at, end);
      const { value, partial } = parseDataText(text);
      return { ok: true, value, bytes: utf8Length(text), partial };
    }
    const read = readJsLiteral(src, at);
    // Not written as JSON on the page (a JSON.parse string, an IIFE): size the decoded JSON.
    return {
      ok: true,
      value: read.value,
      bytes: utf8Length(JSON.stringify(read.value) ?? ''),
      partial: read.partial,
    };
  } catch (error) {
    if (error instanceof LiteralError) return { ok: false, reason: error.message };
    throw error;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * `window.NAME = …`, `self.NAME=…`, `var NAME = …`, `window["NAME"] = …`, and the
 * `Object.defineProperty(window, "NAME", {value: …})` / `defineProperties(window, {NAME: {value: …}})`
 * forms some retailers use to make their state read-only.
 */
export function findAssignedValue(script: string, name: string): DataRead | null {
  if (!script.includes(name)) return null;
  const escaped = escapeRegExp(name);
  const assignment = new RegExp(
    `(?:(?<![\\w$])${escaped}|\\[\\s*(["'])${escaped}\\1\\s*\\])\\s*=(?![=>])`,
    'g',
  );
  let failure: DataRead | null = null;
  for (const match of script.matchAll(assignment)) {
    const read = readDataAt(script, (match.index ?? 0) + match[0].length);
    if (read?.ok) return read;
    failure ??= read;
  }
  if (/definePropert(?:y|ies)\b/.test(script)) {
    const descriptor = new RegExp(`(["']?)${escaped}\\1\\s*[,:]\\s*(?=\\{)`, 'g');
    for (const match of script.matchAll(descriptor)) {
      const read = readDataAt(script, (match.index ?? 0) + match[0].length);
      if (read?.ok && isDescriptor(read.value)) {
        const { value } = read.value;
        return { ...read, value, bytes: utf8Length(JSON.stringify(value) ?? '') };
      }
    }
  }
  return failure;
}

function isDescriptor(value: unknown): value is { value: unknown } {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, 'value');
}

export interface PropertyAssignment {
  /** Keys below the global: `["HeaderMenu_64411"]` for `window.NAME.HeaderMenu_64411 = …`. */
  path: string[];
  read: DataRead;
}

const PROPERTY_KEY = /^\s*(?:\.\s*([A-Za-z_$][\w$]*)|\[\s*(["'])((?:(?!\2)[^\\]|\\.)*)\2\s*\])/;

/**
 * `NAME.key = …`, `NAME["key"] = …` and deeper (`NAME.a.b = …`), in document order: how pages that
 * assemble their state piece by piece (a CMS writing one assignment per rendered component after
 * `window.NAME = window.NAME || {}`) fill the global. Only assignments of data are returned.
 */
export function findPropertyAssignments(script: string, name: string): PropertyAssignment[] {
  if (!script.includes(name)) return [];
  const found: PropertyAssignment[] = [];
  const start = new RegExp(`(?<![\\w$])${escapeRegExp(name)}(?=\\s*[.[])`, 'g');
  for (const match of script.matchAll(start)) {
    let at = (match.index ?? 0) + match[0].length;
    const path: string[] = [];
    for (let key = PROPERTY_KEY.exec(script.slice(at, at + 300)); key; ) {
      path.push(key[1] ?? key[3]);
      at += key[0].length;
      key = PROPERTY_KEY.exec(script.slice(at, at + 300));
    }
    const assignment = /^\s*=(?![=>])/.exec(script.slice(at, at + 20));
    if (path.length === 0 || !assignment) continue;
    const read = readDataAt(script, at + assignment[0].length);
    if (read) found.push({ path, read });
  }
  return found;
}
