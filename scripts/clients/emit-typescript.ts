import { argumentsSchema } from './arguments.js';
import type { ClientModel } from './model.js';
import { commentSafe } from './names.js';
import type { Operation } from './operations.js';
import { type JsonSchema, type PropertyNode, type TypeNode, toTypeNode } from './schema-ir.js';

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function jsDoc(lines: string[], indent: string): string {
  const text = lines.map(commentSafe).join('\n').trim();
  if (!text) return '';
  const body = text
    .split('\n')
    .map((line) => (line ? `${indent} * ${line}` : `${indent} *`))
    .join('\n');
  return `${indent}/**\n${body}\n${indent} */\n`;
}

function propertyDoc(property: PropertyNode, indent: string): string {
  const lines = property.description ? [property.description] : [];
  if (property.defaultJson !== undefined) lines.push(`@default ${property.defaultJson}`);
  return jsDoc(lines, indent);
}

function isCompound(node: TypeNode): boolean {
  return (
    node.kind === 'union' || node.kind === 'object' || (node.kind === 'literal' && node.values.length > 1)
  );
}

function renderObject(node: Extract<TypeNode, { kind: 'object' }>, indent: string): string {
  if (node.properties.length === 0) {
    return node.additional
      ? `Record<string, ${renderType(node.additional, indent)}>`
      : 'Record<string, never>';
  }
  const inner = `${indent}  `;
  const lines = node.properties.map((property) => {
    const key = IDENTIFIER.test(property.name) ? property.name : JSON.stringify(property.name);
    const optional = property.required ? '' : '?';
    return `${propertyDoc(property, inner)}${inner}${key}${optional}: ${renderType(property.type, inner)};`;
  });
  // An index signature must admit every named property's type, hence `unknown` beside named ones.
  if (node.additional) lines.push(`${inner}[key: string]: unknown;`);
  return `{\n${lines.join('\n')}\n${indent}}`;
}

export function renderType(node: TypeNode, indent = ''): string {
  switch (node.kind) {
    case 'unknown':
      return 'unknown';
    case 'integer':
      return 'number';
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
      return node.kind;
    case 'literal':
      return node.values.map((value) => JSON.stringify(value)).join(' | ');
    case 'array': {
      const items = renderType(node.items, indent);
      return isCompound(node.items) ? `Array<${items}>` : `${items}[]`;
    }
    case 'union':
      return node.members.map((member) => renderType(member, indent)).join(' | ');
    case 'ref':
      return node.name;
    case 'object':
      return renderObject(node, indent);
  }
}

function declaration(name: string, schema: JsonSchema | boolean | undefined, doc: string[]): string {
  const node = toTypeNode(schema);
  const head = jsDoc(doc, '');
  if (node.kind === 'object' && node.properties.length > 0) {
    return `${head}export interface ${name} ${renderType(node)}\n`;
  }
  return `${head}export type ${name} = ${renderType(node)};\n`;
}

function hasRequired(schema: JsonSchema): boolean {
  return Array.isArray(schema.required) && schema.required.length > 0;
}

export function emitTypes(model: ClientModel): string {
  const parts = [
    model.header('//'),
    `${jsDoc(['Error codes the API answers with in `error.code`; a newer server may send others.'], '')}export type ErrorCode =\n${model.errorCodes.map((code) => `  | ${JSON.stringify(code)}`).join('\n')}\n  | (string & {});\n`,
    `${jsDoc(['Names of the tools this SDK was generated against.'], '')}export type ToolName = ${model.operations
      .filter((operation) => operation.kind === 'tool')
      .map((operation) => JSON.stringify(operation.names.mcp))
      .join(' | ')};\n`,
  ];
  for (const [name, schema] of Object.entries(model.components)) {
    parts.push(declaration(name, schema, schema.description ? [schema.description] : []));
  }
  for (const operation of model.operations) {
    const label =
      operation.kind === 'tool' ? `tool \`${operation.names.mcp}\`` : `\`${operation.names.typescript}\``;
    parts.push(
      declaration(`${operation.names.type}Input`, argumentsSchema(operation), [`Arguments of ${label}.`]),
    );
    parts.push(
      declaration(`${operation.names.type}Response`, operation.response ?? undefined, [
        `Answer of ${label}.`,
      ]),
    );
  }
  return parts.join('\n');
}

function pathParamType(operation: Operation, name: string): string {
  const parameter = operation.parameters.find(
    (candidate) => candidate.name === name && candidate.in === 'path',
  );
  const node = toTypeNode(parameter?.schema);
  return node.kind === 'integer' || node.kind === 'number' ? 'number' : 'string';
}

function method(operation: Operation): string {
  const { names } = operation;
  const doc = jsDoc([operation.summary, '', operation.description], '  ');
  const args = argumentsSchema(operation);
  const inputParam = hasRequired(args) ? `input: T.${names.type}Input` : `input: T.${names.type}Input = {}`;
  const result = `Promise<T.${names.type}Response>`;
  if (operation.kind === 'tool') {
    return `${doc}  ${names.typescript}(${inputParam}, options?: RequestOptions): ${result} {\n    return this.callTool<T.${names.type}Response>(${JSON.stringify(names.mcp)}, input, options);\n  }\n`;
  }
  const pathParams = operation.spec.pathParams.map((name) => ({
    name,
    local: IDENTIFIER.test(name) ? name : `param${operation.spec.pathParams.indexOf(name)}`,
  }));
  const positional = pathParams.map((param) => `${param.local}: ${pathParamType(operation, param.name)}`);
  const hasInput = Object.keys(args.properties).length > 0;
  const signature = [...positional, ...(hasInput ? [inputParam] : []), 'options?: RequestOptions'].join(', ');
  const assigned = pathParams.map((param) => `${JSON.stringify(param.name)}: ${param.local}`);
  const argsObject = `{ ${[...(hasInput ? ['...input'] : []), ...assigned].join(', ')} }`;
  return `${doc}  ${names.typescript}(${signature}): ${result} {\n    return this.request<T.${names.type}Response>(OPERATIONS.${names.typescript}, ${argsObject}, options);\n  }\n`;
}

/**
 * Conveniences over the generated methods, emitted only when the operations they read exist: every
 * item of the paged lists (monitors, a monitor's checks, the request log, a batch's results) as an async iterator,
 * and waiting for a check to leave `running`.
 */
function helperMethods(model: ClientModel): string[] {
  const has = (name: string) => model.operations.some((operation) => operation.names.typescript === name);
  const helpers: string[] = [];
  if (has('listMonitors')) {
    helpers.push(`${jsDoc(['Every monitor, newest first: pages are fetched as the loop goes on.'], '  ')}  iterateMonitors(input: Omit<T.ListMonitorsInput, 'cursor'> = {}, options?: RequestOptions): AsyncGenerator<T.ListMonitorsResponse['data'][number]> {
    return everyItem((cursor) => this.listMonitors({ ...input, cursor }, options));
  }
`);
  }
  if (has('listMonitorChecks')) {
    helpers.push(`${jsDoc(['Every check of a monitor, newest first: pages are fetched as the loop goes on.'], '  ')}  iterateChecks(monitorId: string, input: Omit<T.ListMonitorChecksInput, 'cursor'> = {}, options?: RequestOptions): AsyncGenerator<T.ListMonitorChecksResponse['data'][number]> {
    return everyItem((cursor) => this.listMonitorChecks(monitorId, { ...input, cursor }, options));
  }
`);
  }
  if (has('listRequests')) {
    helpers.push(`${jsDoc(['Every logged call of the last 7 days, newest first: pages are fetched as the loop goes on.'], '  ')}  iterateRequests(input: Omit<T.ListRequestsInput, 'cursor'> = {}, options?: RequestOptions): AsyncGenerator<T.ListRequestsResponse['data'][number]> {
    return everyItem((cursor) => this.listRequests({ ...input, cursor }, options));
  }
`);
  }
  if (has('getBatchResults')) {
    helpers.push(`${jsDoc(['Every result of a stored batch, page after page (1 credit per page).'], '  ')}  iterateBatchResults(input: Omit<T.GetBatchResultsInput, 'page'>, options?: RequestOptions): AsyncGenerator<T.GetBatchResultsResult['results'][number]> {
    return everyNumberedItem((page) => this.getBatchResults({ ...input, page }, options));
  }
`);
  }
  if (has('getMonitorCheck')) {
    helpers.push(`${jsDoc(['Reads a check until it leaves `running` (a run started with runMonitor or by the schedule), then returns it with its pages.'], '  ')}  waitForCheck(monitorId: string, checkId: string, wait: WaitOptions = {}, options?: RequestOptions): Promise<T.GetMonitorCheckResponse> {
    return pollUntil(() => this.getMonitorCheck(monitorId, checkId, options), (check) => check.data.status !== 'running', wait);
  }
`);
  }
  return helpers;
}

export function emitClient(model: ClientModel): string {
  const endpoints = model.operations.filter((operation) => operation.kind === 'endpoint');
  const tools = model.operations.filter((operation) => operation.kind === 'tool');
  const specs = endpoints
    .map((operation) => `  ${operation.names.typescript}: ${JSON.stringify(operation.spec)},`)
    .join('\n');
  return [
    model.header('//'),
    "import { BaseClient, type RequestOptions } from '../core/base-client.js';",
    "import type { OperationSpec } from '../core/operation.js';",
    "import { everyItem, everyNumberedItem, pollUntil, type WaitOptions } from '../core/paging.js';",
    "import type * as T from './types.js';",
    '',
    `${jsDoc(['The tools this SDK was generated against, in the catalog order.'], '')}export const TOOL_NAMES = ${JSON.stringify(tools.map((operation) => operation.names.mcp))} as const;`,
    '',
    `${jsDoc(['How each endpoint (everything but the tools) is called.'], '')}export const OPERATIONS = {${specs ? `\n${specs}\n` : ''}} as const satisfies Record<string, OperationSpec>;`,
    '',
    jsDoc(
      [
        `Typed client of ${model.title} ${model.version}: one method per tool and per endpoint.`,
        '',
        'Errors are thrown as `ApiError` subclasses carrying `code`, `message`, `details`, `status` and `requestId`.',
      ],
      '',
    ).trimEnd(),
    'export class WebExtractionClient extends BaseClient {',
    [...[...tools, ...endpoints].map(method), ...helperMethods(model)].join('\n').trimEnd(),
    '}',
    '',
  ].join('\n');
}
