import { pascalCase } from './names.js';
import type { Literal, PropertyNode, TypeNode } from './schema-ir.js';

const KEYWORDS = new Set([
  'False',
  'None',
  'True',
  'and',
  'as',
  'assert',
  'async',
  'await',
  'break',
  'class',
  'continue',
  'def',
  'del',
  'elif',
  'else',
  'except',
  'finally',
  'for',
  'from',
  'global',
  'if',
  'import',
  'in',
  'is',
  'lambda',
  'nonlocal',
  'not',
  'or',
  'pass',
  'raise',
  'return',
  'try',
  'while',
  'with',
  'yield',
]);
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

export const isPythonIdentifier = (name: string) => IDENTIFIER.test(name);
/** A field name as a keyword argument: `from` → `from_`; null when it cannot be one. */
export function pythonArgumentName(name: string): string | null {
  if (!IDENTIFIER.test(name)) return null;
  return KEYWORDS.has(name) || name === 'self' || name === 'request_options' ? `${name}_` : name;
}

export function pythonString(text: string): string {
  return JSON.stringify(text);
}

function pythonLiteral(value: Literal): string {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  return typeof value === 'string' ? pythonString(value) : String(value);
}

/** A comment block: `# line` per line of text. */
export function pythonComment(text: string | undefined, indent: string): string {
  if (!text) return '';
  return `${text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => `${indent}#${line ? ` ${line}` : ''}`)
    .join('\n')}\n`;
}

/**
 * Renders type nodes as Python annotations and hoists every object with named fields into its own
 * TypedDict, named after where it sits (`ScrapeInputFormatsHighlights`). Definitions come out in
 * order, children first; references between them are strings, so order never matters at runtime.
 */
export class PythonTypes {
  readonly definitions: string[] = [];
  readonly names: string[] = [];
  /** The rendered annotation of each field of each hoisted TypedDict, for keyword arguments. */
  readonly fieldTypes = new Map<string, Map<string, string>>();
  readonly #taken = new Set<string>();

  constructor(reserved: Iterable<string> = []) {
    for (const name of reserved) this.#taken.add(name);
  }

  /** Claims a type name, with a number appended when it is taken. */
  claim(base: string): string {
    let name = base;
    for (let n = 2; this.#taken.has(name); n += 1) name = `${base}${n}`;
    this.#taken.add(name);
    this.names.push(name);
    return name;
  }

  render(node: TypeNode, hint: string): string {
    switch (node.kind) {
      case 'unknown':
        return 'Any';
      case 'string':
        return 'str';
      case 'number':
        return 'float';
      case 'integer':
        return 'int';
      case 'boolean':
        return 'bool';
      case 'null':
        return 'None';
      case 'literal': {
        const values = node.values.filter((value) => value !== null);
        const literal = values.length > 0 ? `Literal[${values.map(pythonLiteral).join(', ')}]` : 'None';
        return values.length < node.values.length && values.length > 0 ? `Optional[${literal}]` : literal;
      }
      case 'array':
        return `List[${this.render(node.items, hint)}]`;
      case 'ref':
        return pythonString(node.name);
      case 'object':
        if (node.properties.length === 0) {
          return `Dict[str, ${node.additional ? this.render(node.additional, `${hint}Value`) : 'Any'}]`;
        }
        return pythonString(this.typedDict(hint, node.properties, undefined));
      case 'union':
        return this.#union(node.members, hint);
    }
  }

  #union(members: TypeNode[], hint: string): string {
    const objects = members.filter((member) => member.kind === 'object' && member.properties.length > 0);
    const rendered = members
      .filter((member) => member.kind !== 'null')
      .map((member) => {
        if (!objects.includes(member)) return this.render(member, hint);
        const tag = discriminator(member);
        const name = tag
          ? `${hint}${pascalCase(tag)}`
          : `${hint}${objects.length > 1 ? objects.indexOf(member) + 1 : ''}`;
        return this.render(member, name);
      });
    const inner = rendered.length === 1 ? rendered[0] : `Union[${rendered.join(', ')}]`;
    return members.some((member) => member.kind === 'null') ? `Optional[${inner}]` : inner;
  }

  /** Hoists a TypedDict and returns its name. */
  typedDict(hint: string, properties: PropertyNode[], description: string | undefined): string {
    const name = this.claim(hint);
    const fields = properties.map((property) => ({
      property,
      type: this.render(property.type, `${name}${pascalCase(property.name)}`),
    }));
    this.fieldTypes.set(name, new Map(fields.map((field) => [field.property.name, field.type])));
    const entries = (subset: typeof fields) =>
      subset
        .map(
          ({ property, type }) =>
            `${pythonComment(property.description, '        ')}        ${pythonString(property.name)}: ${type},`,
        )
        .join('\n');
    const required = fields.filter((field) => field.property.required);
    const optional = fields.filter((field) => !field.property.required);
    const functional = (typeName: string, subset: typeof fields, total: boolean) =>
      `${typeName} = TypedDict(\n    ${pythonString(typeName)},\n    {\n${entries(subset)}\n    },${total ? '' : '\n    total=False,'}\n)\n`;
    const doc = pythonComment(description, '');
    if (optional.length === 0) this.definitions.push(`${doc}${functional(name, required, true)}`);
    else if (required.length === 0) this.definitions.push(`${doc}${functional(name, optional, false)}`);
    else {
      this.definitions.push(
        `${functional(`_${name}Required`, required, true)}\n${functional(`_${name}Optional`, optional, false)}\n\n${doc}class ${name}(_${name}Required, _${name}Optional):\n    pass\n`,
      );
    }
    return name;
  }

  /** A named alias for any type: a TypedDict when it is an object with fields. */
  alias(name: string, node: TypeNode, description: string | undefined): void {
    if (node.kind === 'object' && node.properties.length > 0) {
      this.typedDict(name, node.properties, description);
      return;
    }
    const claimed = this.claim(name);
    // A bare string on the right of `=` would be a str, not a forward reference: name the type itself.
    const value = node.kind === 'ref' ? node.name : this.render(node, claimed);
    this.definitions.push(`${pythonComment(description, '')}${claimed} = ${value}\n`);
  }
}

/** The value of a property that is one string literal (`type: 'highlights'`), which names a union member. */
function discriminator(node: TypeNode): string | null {
  if (node.kind !== 'object') return null;
  for (const property of node.properties) {
    if (property.type.kind === 'literal' && property.type.values.length === 1) {
      const [value] = property.type.values;
      if (typeof value === 'string') return value;
    }
  }
  return null;
}
