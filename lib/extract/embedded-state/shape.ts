/**
 * `keys_only`: the shape of a value two levels deep, so a caller can choose a `path` before
 * paying for the data. Below two levels a value is named by its kind: `object`, `array(<n>)`,
 * `string`, `number`, `boolean` or `null`. An array within the two levels shows its length and
 * the shape of its first item, which is usually what every item looks like.
 */

export type Shape = string | { length: number; first?: Shape } | { [key: string]: Shape };

const SHAPE_LEVELS = 2;

export function keysOnly(value: unknown): Shape {
  return describe(value, 0);
}

function describe(value: unknown, depth: number): Shape {
  if (Array.isArray(value)) {
    if (depth >= SHAPE_LEVELS) return `array(${value.length})`;
    if (value.length === 0) return { length: 0 };
    // The `{length, first}` wrapper does not use up a level: the first item is described where
    // the array stands, so a list of records still shows the record's keys.
    return { length: value.length, first: describe(value[0], depth) };
  }
  if (typeof value === 'object' && value !== null) {
    if (depth >= SHAPE_LEVELS) return 'object';
    const shape: Record<string, Shape> = {};
    for (const [key, item] of Object.entries(value)) {
      // A "__proto__" key from JSON must stay an own key, not become the prototype.
      Object.defineProperty(shape, key, {
        value: describe(item, depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return shape;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return typeof value;
  return 'null';
}
