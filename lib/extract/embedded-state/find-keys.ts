import { formatPath } from './path.js';

/**
 * `find`: every key whose name contains the needle (case-insensitive), in document order,
 * anywhere under the starting value. Keys, not values, are matched: the point is to learn the
 * path to use next.
 */

export const MAX_MATCHES = 50;
export const PREVIEW_CHARS = 200;

export interface KeyMatch {
  path: string;
  /** The value's JSON, cut at 200 characters. */
  preview: string;
  /** Present and false when a key on the way contains ".", "[" or "]" or is empty, so no path can name it. */
  addressable?: false;
}

export interface KeyMatches {
  matches: KeyMatch[];
  matches_total: number;
  matches_truncated: boolean;
}

interface WalkNode {
  value: unknown;
  key: string | null;
  isIndex: boolean;
  parent: WalkNode | null;
  addressable: boolean;
}

export function findKeys(value: unknown, needle: string, basePath = ''): KeyMatches {
  const lowered = needle.toLowerCase();
  const matches: KeyMatch[] = [];
  let total = 0;

  // Pre-order walk on an explicit stack (children pushed in reverse) gives document order
  // without putting a deeply nested page on the call stack.
  const stack: WalkNode[] = [{ value, key: null, isIndex: false, parent: null, addressable: true }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.key !== null && !node.isIndex && node.key.toLowerCase().includes(lowered)) {
      total += 1;
      if (matches.length < MAX_MATCHES) {
        const match: KeyMatch = {
          path: pathOf(node, basePath),
          preview: previewJson(node.value, PREVIEW_CHARS),
        };
        if (!node.addressable) match.addressable = false;
        matches.push(match);
      }
    }
    const children = childrenOf(node.value);
    for (let i = children.length - 1; i >= 0; i -= 1) {
      const [key, child, isIndex] = children[i];
      const addressable = node.addressable && (isIndex || isAddressableKey(key));
      stack.push({ value: child, key, isIndex, parent: node, addressable });
    }
  }
  return { matches, matches_total: total, matches_truncated: total > matches.length };
}

function pathOf(node: WalkNode, basePath: string): string {
  const keys: string[] = [];
  for (let n: WalkNode | null = node; n?.key != null; n = n.parent) keys.push(n.key);
  if (basePath !== '') keys.push(basePath);
  return formatPath(keys.reverse());
}

function childrenOf(value: unknown): [string, unknown, boolean][] {
  if (Array.isArray(value)) return value.map((item, index) => [String(index), item, true]);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).map(([key, item]) => [key, item, false]);
  }
  return [];
}

function isAddressableKey(key: string): boolean {
  return key !== '' && !/[.[\]]/.test(key);
}

/** JSON of `value` cut at `limit` characters, without serialising a large value in full. */
export function previewJson(value: unknown, limit: number): string {
  const parts: string[] = [];
  let length = 0;
  const write = (text: string): boolean => {
    parts.push(text);
    length += text.length;
    return length < limit;
  };
  const visit = (item: unknown): boolean => {
    if (Array.isArray(item)) {
      if (!write('[')) return false;
      for (let i = 0; i < item.length; i += 1) {
        if (i > 0 && !write(',')) return false;
        if (!visit(item[i] === undefined ? null : item[i])) return false;
      }
      return write(']');
    }
    if (typeof item === 'object' && item !== null) {
      if (!write('{')) return false;
      let first = true;
      for (const [key, child] of Object.entries(item)) {
        if (child === undefined) continue;
        if (!first && !write(',')) return false;
        first = false;
        if (!write(`${JSON.stringify(key)}:`)) return false;
        if (!visit(child)) return false;
      }
      return write('}');
    }
    // A long string only needs its first characters serialised.
    const scalar = typeof item === 'string' && item.length > limit ? item.slice(0, limit) : item;
    return write(JSON.stringify(scalar) ?? 'null');
  };
  visit(value);
  return parts.join('').slice(0, limit);
}
