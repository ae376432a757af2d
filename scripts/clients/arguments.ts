import type { Operation } from './operations.js';
import type { JsonSchema } from './schema-ir.js';

/** The flat arguments minus the path parameters, which the methods take positionally. */
export function argumentsSchema(operation: Operation): JsonSchema {
  const pathParams = new Set(operation.spec.pathParams);
  const properties = Object.fromEntries(
    Object.entries(operation.input.properties ?? {}).filter(([name]) => !pathParams.has(name)),
  );
  const required = ((operation.input.required ?? []) as string[]).filter((name) => !pathParams.has(name));
  const closed = Object.keys(properties).length === 0 && operation.input.additionalProperties === undefined;
  return { ...operation.input, properties, required, ...(closed ? { additionalProperties: false } : {}) };
}
