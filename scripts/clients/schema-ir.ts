import { pascalCase } from './names.js';

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema is open-ended by design
export type JsonSchema = Record<string, any>;
export type Literal = string | number | boolean | null;

/**
 * What both SDK emitters need of a JSON Schema: the type, without the validation keywords. Bounds
 * and formats stay in the descriptions' neighbourhood (the server validates; the SDKs only type).
 */
export type TypeNode =
  | { kind: 'unknown' }
  | { kind: 'string' | 'number' | 'integer' | 'boolean' | 'null' }
  | { kind: 'literal'; values: Literal[] }
  | { kind: 'array'; items: TypeNode }
  | { kind: 'object'; properties: PropertyNode[]; additional: TypeNode | null }
  | { kind: 'union'; members: TypeNode[] }
  | { kind: 'ref'; name: string };

export interface PropertyNode {
  name: string;
  type: TypeNode;
  required: boolean;
  description?: string;
  /** JSON of the schema's `default`, when it has one. */
  defaultJson?: string;
}

const COMPONENT_PREFIX = '#/components/schemas/';

/** `#/components/schemas/ToolSuccess` → `ToolSuccess`: the name a component's type gets in both SDKs. */
export function componentTypeName(ref: string): string {
  const raw = ref.startsWith(COMPONENT_PREFIX) ? ref.slice(COMPONENT_PREFIX.length) : ref;
  return /^[A-Z][A-Za-z0-9]*$/.test(raw) ? raw : pascalCase(raw);
}

const UNKNOWN: TypeNode = { kind: 'unknown' };

function union(members: TypeNode[]): TypeNode {
  const flat = members.flatMap((member) => (member.kind === 'union' ? member.members : [member]));
  if (flat.some((member) => member.kind === 'unknown')) return UNKNOWN;
  const literals = flat.flatMap((member) => (member.kind === 'literal' ? member.values : []));
  const others = flat.filter((member) => member.kind !== 'literal');
  const seen = new Set<string>();
  const unique: TypeNode[] = [];
  for (const member of others) {
    const key = JSON.stringify(member);
    if (!seen.has(key)) {
      seen.add(key);
      unique.push(member);
    }
  }
  // A literal is absorbed by its own primitive (`'a' | string` is `string`).
  const kept = literals.filter(
    (value) =>
      !unique.some(
        (member) =>
          member.kind === (value === null ? 'null' : typeof value) ||
          (member.kind === 'number' && typeof value === 'number'),
      ),
  );
  const all =
    kept.length > 0 ? [{ kind: 'literal', values: [...new Set(kept)] } as TypeNode, ...unique] : unique;
  if (all.length === 0) return UNKNOWN;
  return all.length === 1 ? all[0] : { kind: 'union', members: all };
}

function objectNode(schema: JsonSchema): TypeNode {
  const required = new Set<string>(Array.isArray(schema.required) ? schema.required : []);
  const properties: PropertyNode[] = Object.entries(
    (schema.properties ?? {}) as Record<string, JsonSchema>,
  ).map(([name, property]) => ({
    name,
    type: toTypeNode(property),
    required: required.has(name),
    description: typeof property?.description === 'string' ? property.description : undefined,
    defaultJson: property && 'default' in property ? JSON.stringify(property.default) : undefined,
  }));
  const extra = schema.additionalProperties;
  let additional: TypeNode | null;
  if (extra === false) additional = null;
  else if (extra === undefined) additional = properties.length === 0 ? UNKNOWN : null;
  else additional = extra === true ? UNKNOWN : toTypeNode(extra);
  return { kind: 'object', properties, additional };
}

function byType(schema: JsonSchema, type: unknown): TypeNode {
  switch (type) {
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
    case 'null':
      return { kind: type };
    case 'array':
      return { kind: 'array', items: schema.items ? toTypeNode(schema.items) : UNKNOWN };
    case 'object':
      return objectNode(schema);
    default:
      return schema.properties ? objectNode(schema) : UNKNOWN;
  }
}

export function toTypeNode(schema: JsonSchema | boolean | undefined): TypeNode {
  if (schema === undefined || typeof schema === 'boolean') return UNKNOWN;
  let node: TypeNode;
  if (typeof schema.$ref === 'string') node = { kind: 'ref', name: componentTypeName(schema.$ref) };
  else if ('const' in schema) node = { kind: 'literal', values: [schema.const] };
  else if (Array.isArray(schema.enum)) node = { kind: 'literal', values: schema.enum };
  else if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) {
    node = union((schema.anyOf ?? schema.oneOf).map(toTypeNode));
  } else if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf as JsonSchema[];
    if (parts.length === 1) node = toTypeNode(parts[0]);
    else if (parts.every((part) => part.type === 'object' || part.properties)) {
      node = objectNode({
        type: 'object',
        properties: Object.assign({}, ...parts.map((part) => part.properties ?? {})),
        required: parts.flatMap((part) => part.required ?? []),
      });
    } else node = UNKNOWN;
  } else if (Array.isArray(schema.type)) node = union(schema.type.map((type) => byType(schema, type)));
  else node = byType(schema, schema.type);
  return schema.nullable === true ? union([node, { kind: 'null' }]) : node;
}
