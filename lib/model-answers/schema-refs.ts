/**
 * `$ref` checks on a caller's JSON Schema before any validator sees it. A reference that loops back
 * to itself without descending into the value (`{"$ref": "#"}`, two `$defs` naming each other, a
 * `$ref` to an `allOf` that holds it) made the validator recurse until the stack overflowed: a 500.
 * A loop through `properties` or `items` is fine (each step reads a smaller part of the value), so
 * only the keywords that apply a sub-schema to the same value form the graph searched for cycles.
 */

type SchemaNode = Record<string, unknown>;

/** Keywords whose sub-schemas apply to the same value as their parent. */
const SAME_VALUE_LISTS = ['allOf', 'anyOf', 'oneOf'];
const SAME_VALUE_SINGLE = ['not', 'if', 'then', 'else'];
const SAME_VALUE_MAPS = ['dependentSchemas'];

function isNode(value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function decodePointerToken(token: string): string {
  return decodeURIComponent(token).replaceAll('~1', '/').replaceAll('~0', '~');
}

/** Keywords whose values are data, not schemas: a `$ref` key inside them is not a reference. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples']);

/** Every object in the schema document, so `#name` anchors can be found. */
function collectNodes(root: unknown): SchemaNode[] {
  const nodes: SchemaNode[] = [];
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (Array.isArray(value)) pending.push(...value);
    else if (isNode(value)) {
      nodes.push(value);
      for (const [key, child] of Object.entries(value)) if (!DATA_KEYWORDS.has(key)) pending.push(child);
    }
  }
  return nodes;
}

/** The schema `$ref` names inside this document, or a reason it cannot be followed. */
function resolveRef(
  root: unknown,
  ref: string,
  nodes: SchemaNode[],
): { target: unknown } | { problem: string } {
  if (!ref.startsWith('#')) {
    return {
      problem: `$ref ${JSON.stringify(ref)} points outside the schema: only "#…" references are followed`,
    };
  }
  const fragment = ref.slice(1);
  if (fragment === '' || fragment.startsWith('/')) {
    let target: unknown = root;
    for (const token of fragment.split('/').slice(1).map(decodePointerToken)) {
      if (Array.isArray(target)) target = target[Number(token)];
      else if (isNode(target)) target = target[token];
      else target = undefined;
      if (target === undefined)
        return { problem: `$ref ${JSON.stringify(ref)} points to nothing in the schema` };
    }
    return { target };
  }
  const anchor = decodeURIComponent(fragment);
  const found = nodes.find((node) => node.$anchor === anchor || node.$id === `#${anchor}`);
  return found
    ? { target: found }
    : { problem: `$ref ${JSON.stringify(ref)} names no $anchor in the schema` };
}

/** A `$ref` cycle that never descends into the value, or a `$ref` that cannot be followed. */
export function refProblem(root: unknown): string | null {
  const nodes = collectNodes(root);
  const edges = new Map<SchemaNode, SchemaNode[]>();
  for (const node of nodes) {
    const next: unknown[] = [];
    for (const key of SAME_VALUE_LISTS) if (Array.isArray(node[key])) next.push(...(node[key] as unknown[]));
    for (const key of SAME_VALUE_SINGLE) next.push(node[key]);
    for (const key of SAME_VALUE_MAPS) if (isNode(node[key])) next.push(...Object.values(node[key]));
    for (const key of ['$ref', '$dynamicRef', '$recursiveRef']) {
      const ref = node[key];
      if (ref === undefined) continue;
      if (typeof ref !== 'string') return `${key} must be a string`;
      const resolved = resolveRef(root, ref, nodes);
      if ('problem' in resolved) return resolved.problem;
      next.push(resolved.target);
    }
    edges.set(node, next.filter(isNode));
  }
  // Iterative depth-first search: the schema is the caller's, so no recursion on its shape.
  const state = new Map<SchemaNode, 'open' | 'done'>();
  for (const start of nodes) {
    if (state.has(start)) continue;
    const stack: [SchemaNode, number][] = [[start, 0]];
    state.set(start, 'open');
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      const children = edges.get(top[0]) ?? [];
      if (top[1] >= children.length) {
        state.set(top[0], 'done');
        stack.pop();
        continue;
      }
      const child = children[top[1]++];
      const seen = state.get(child);
      if (seen === 'open')
        return '$ref cycle: a reference leads back to itself without descending into the value';
      if (seen === undefined) {
        state.set(child, 'open');
        stack.push([child, 0]);
      }
    }
  }
  return null;
}
