import type { ClientModel } from './model.js';
import type { Operation } from './operations.js';
import { pythonArgumentName, pythonString } from './python-types.js';
import type { JsonSchema } from './schema-ir.js';

/**
 * One call of every tool with its documented example, in each SDK, reading a field of the typed
 * result: the tests type-check the TypeScript file and compile the Python one, so an example that no
 * longer fits its tool's input or result fails there. The SDK READMEs point at them.
 */

/** A field every result of the tool has, to show reading `data.<field>` with its type. */
function resultField(operation: Operation, model: ClientModel): string | null {
  const data = operation.response?.properties?.data as JsonSchema | undefined;
  const ref = typeof data?.$ref === 'string' ? data.$ref.split('/').at(-1) : undefined;
  const result = ref ? model.components[ref] : data;
  if (result?.type !== 'object') return null;
  return (result.required as string[] | undefined)?.[0] ?? null;
}

function toolsWithExamples(model: ClientModel): Operation[] {
  return model.operations.filter((operation) => operation.kind === 'tool' && operation.example !== undefined);
}

export function emitTypescriptExamples(model: ClientModel): string {
  const calls = toolsWithExamples(model).map((operation) => {
    const field = resultField(operation, model);
    const read = field ? `data.${field}` : 'data';
    return `  {\n    const { data } = await client.${operation.names.typescript}(${JSON.stringify(operation.example)});\n    seen.${operation.names.mcp} = ${read};\n  }`;
  });
  return [
    model.header('//'),
    "import type { WebExtractionClient } from '../src/index.js';",
    '',
    '/** Every tool called once with its documented example; each entry is a typed field of its result. */',
    'export async function everyToolOnce(client: WebExtractionClient): Promise<Record<string, unknown>> {',
    '  const seen: Record<string, unknown> = {};',
    ...calls,
    '  return seen;',
    '}',
    '',
  ].join('\n');
}

function pythonLiteral(value: unknown): string {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return pythonString(value);
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  return `{${entries.map(([key, item]) => `${pythonString(key)}: ${pythonLiteral(item)}`).join(', ')}}`;
}

export function emitPythonExamples(model: ClientModel): string {
  const calls = toolsWithExamples(model).map((operation) => {
    const field = resultField(operation, model);
    const args = Object.entries(operation.example as Record<string, unknown>)
      .map(([key, value]) => `${pythonArgumentName(key) ?? key}=${pythonLiteral(value)}`)
      .join(', ');
    const read = field ? `["data"][${pythonString(field)}]` : '["data"]';
    return `    seen[${pythonString(operation.names.mcp)}] = client.${operation.names.python}(${args})${read}`;
  });
  return [
    model.header('#'),
    '"""Every tool called once with its documented example; each entry is a typed field of its result."""',
    '',
    'from __future__ import annotations',
    '',
    'from typing import Any, Dict',
    '',
    'from web_extraction import WebExtractionClient',
    '',
    '',
    'def every_tool_once(client: WebExtractionClient) -> Dict[str, Any]:',
    '    seen: Dict[str, Any] = {}',
    ...calls,
    '    return seen',
    '',
  ].join('\n');
}
