import { isRecord, type JsonObject } from './values.js';

/** Nodes visited at most: embedded state of a heavy page is large, and a walk must stay cheap. */
const MAX_NODES = 200_000;

/**
 * Every object under `root`, depth first in document order, for state whose nesting the platform
 * reshuffles between releases: the mapping looks for a shape instead of a path.
 */
export function* objectsIn(root: unknown): Generator<JsonObject> {
  const stack: unknown[] = [root];
  let visited = 0;
  while (stack.length > 0 && visited < MAX_NODES) {
    const value = stack.pop();
    visited++;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push(value[i]);
    } else if (isRecord(value)) {
      yield value;
      const children = Object.values(value);
      for (let i = children.length - 1; i >= 0; i--) {
        if (typeof children[i] === 'object' && children[i] !== null) stack.push(children[i]);
      }
    }
  }
}

export function findObject(root: unknown, test: (object: JsonObject) => boolean): JsonObject | null {
  for (const object of objectsIn(root)) if (test(object)) return object;
  return null;
}
