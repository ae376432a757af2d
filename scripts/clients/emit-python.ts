import { argumentsSchema } from './arguments.js';
import type { ClientModel } from './model.js';
import type { Operation } from './operations.js';
import { PythonTypes, pythonArgumentName, pythonString } from './python-types.js';
import { type TypeNode, toTypeNode } from './schema-ir.js';

const TYPING_IMPORTS = 'from typing import Any, Dict, Iterator, List, Literal, Optional, TypedDict, Union';

/**
 * Conveniences over the generated methods, emitted only when the operations they read exist: every
 * item of the paged lists as an iterator, and waiting for a check to leave `running`.
 */
function helperMethods(model: ClientModel): string[] {
  const has = (name: string) => model.operations.some((operation) => operation.names.python === name);
  const helpers: string[] = [];
  if (has('list_monitors')) {
    helpers.push(`    def iterate_monitors(
        self, *, limit: Optional[int] = None, request_options: Optional[RequestOptions] = None
    ) -> Iterator[Any]:
        """Every monitor, newest first: pages are fetched as the loop goes on."""
        return every_item(lambda cursor: self.list_monitors(limit=limit, cursor=cursor, request_options=request_options))
`);
  }
  if (has('list_monitor_checks')) {
    helpers.push(`    def iterate_checks(
        self, monitor_id: str, *, limit: Optional[int] = None, request_options: Optional[RequestOptions] = None
    ) -> Iterator[Any]:
        """Every check of a monitor, newest first: pages are fetched as the loop goes on."""
        return every_item(
            lambda cursor: self.list_monitor_checks(monitor_id, limit=limit, cursor=cursor, request_options=request_options)
        )
`);
  }
  if (has('list_requests')) {
    helpers.push(`    def iterate_requests(
        self,
        *,
        limit: Optional[int] = None,
        tool: Optional[str] = None,
        status: Optional[Literal["ok", "error", "4xx", "5xx"]] = None,
        request_options: Optional[RequestOptions] = None,
    ) -> Iterator[Any]:
        """Every logged call of the last 7 days, newest first: pages are fetched as the loop goes on."""
        return every_item(
            lambda cursor: self.list_requests(
                limit=limit, cursor=cursor, tool=tool, status=status, request_options=request_options
            )
        )
`);
  }
  if (has('get_batch_results')) {
    helpers.push(`    def iterate_batch_results(
        self, *, batchId: str, limit: Optional[int] = None, request_options: Optional[RequestOptions] = None
    ) -> Iterator[Any]:
        """Every result of a stored batch, page after page (1 credit per page)."""
        return every_numbered_item(
            lambda page: self.get_batch_results(batchId=batchId, page=page, limit=limit, request_options=request_options)
        )
`);
  }
  if (has('get_monitor_check')) {
    helpers.push(`    def wait_for_check(
        self,
        monitor_id: str,
        check_id: str,
        *,
        interval: float = 2.0,
        timeout: float = 300.0,
        request_options: Optional[RequestOptions] = None,
    ) -> GetMonitorCheckResponse:
        """Reads a check until it leaves \`\`running\`\`, then returns it with its pages.

        Raises APITimeoutError when it is still running after \`\`timeout\`\` seconds.
        """
        return poll_until(
            lambda: self.get_monitor_check(monitor_id, check_id, request_options=request_options),
            lambda check: check["data"]["status"] != "running",
            interval,
            timeout,
        )
`);
  }
  return helpers;
}

function docstring(lines: string[], indent: string): string {
  const text = lines
    .join('\n')
    .replace(/\\/g, '\\\\')
    .replace(/"""/g, '\\"\\"\\"')
    .replace(/\r\n?/g, '\n')
    .trim();
  const body = text
    .split('\n')
    .map((line) => (line ? `${indent}${line}` : ''))
    .join('\n')
    .trimStart();
  return `${indent}"""${body}\n${indent}"""\n`;
}

interface PythonModule {
  types: PythonTypes;
  /** The TypedDict (or alias) naming each operation's arguments and answer. */
  inputNames: Map<Operation, string>;
  responseNames: Map<Operation, string>;
}

function buildTypes(model: ClientModel): PythonModule {
  const types = new PythonTypes(['ERROR_CODES', 'ToolName']);
  for (const [name, schema] of Object.entries(model.components)) {
    types.alias(name, toTypeNode(schema), schema.description);
  }
  const inputNames = new Map<Operation, string>();
  const responseNames = new Map<Operation, string>();
  for (const operation of model.operations) {
    const label = operation.kind === 'tool' ? `tool ${operation.names.mcp}` : operation.names.python;
    const input = `${operation.names.type}Input`;
    types.alias(input, toTypeNode(argumentsSchema(operation)), `Arguments of ${label}.`);
    inputNames.set(operation, input);
    const response = `${operation.names.type}Response`;
    types.alias(response, toTypeNode(operation.response ?? undefined), `Answer of ${label}.`);
    responseNames.set(operation, response);
  }
  return { types, inputNames, responseNames };
}

export function emitPythonTypes(model: ClientModel): string {
  const { types } = buildTypes(model);
  const tools = model.operations.filter((operation) => operation.kind === 'tool');
  return [
    model.header('#'),
    `"""Request and answer types of ${model.title} ${model.version}, as TypedDicts."""`,
    '',
    TYPING_IMPORTS,
    '',
    '# Error codes the API answers with in ``error.code``; a newer server may send others.',
    `ERROR_CODES = (\n${model.errorCodes.map((code) => `    ${pythonString(code)},`).join('\n')}\n)`,
    '',
    '# Names of the tools this SDK was generated against.',
    `ToolName = Literal[${tools.map((operation) => pythonString(operation.names.mcp)).join(', ')}]`,
    '',
    '',
    types.definitions.join('\n\n'),
  ].join('\n');
}

interface Keyword {
  field: string;
  argument: string;
  annotation: string;
  required: boolean;
  description?: string;
  defaultJson?: string;
}

function keywordsOf(node: TypeNode, fieldTypes: Map<string, string> | undefined): Keyword[] | null {
  if (node.kind !== 'object') return null;
  const keywords: Keyword[] = [];
  for (const property of node.properties) {
    const argument = pythonArgumentName(property.name);
    if (!argument) return null;
    keywords.push({
      field: property.name,
      argument,
      annotation: fieldTypes?.get(property.name) ?? 'Any',
      required: property.required,
      description: property.description,
      defaultJson: property.defaultJson,
    });
  }
  return new Set(keywords.map((keyword) => keyword.argument)).size === keywords.length ? keywords : null;
}

function optional(annotation: string): string {
  return annotation.startsWith('Optional[') || annotation === 'Any' ? annotation : `Optional[${annotation}]`;
}

function method(operation: Operation, module: PythonModule): string {
  const input = module.inputNames.get(operation)!;
  const response = module.responseNames.get(operation)!;
  const args = toTypeNode(argumentsSchema(operation));
  const keywords = keywordsOf(args, module.types.fieldTypes.get(input));
  const pathParams = operation.spec.pathParams.map((field, index) => ({
    field,
    argument: pythonArgumentName(field) ?? `param${index}`,
  }));

  const signature = ['self', ...pathParams.map((param) => `${param.argument}: str`), '*'];
  const assigned = pathParams.map((param) => `${pythonString(param.field)}: ${param.argument}`);
  const argDocs: string[] = pathParams.map((param) => `${param.argument}: ${param.field} in the path.`);
  let call: string;
  if (keywords) {
    for (const keyword of keywords) {
      signature.push(
        keyword.required
          ? `${keyword.argument}: ${keyword.annotation}`
          : `${keyword.argument}: ${optional(keyword.annotation)} = None`,
      );
      assigned.push(`${pythonString(keyword.field)}: ${keyword.argument}`);
      const defaultText = keyword.defaultJson === undefined ? '' : `Default: ${keyword.defaultJson}.`;
      const text = [(keyword.description ?? '').replace(/\n+/g, ' ').trim(), defaultText]
        .filter(Boolean)
        .join(' ');
      argDocs.push(`${keyword.argument}:${text ? ` ${text}` : ''}`);
    }
    call = `{${assigned.join(', ')}}`;
  } else {
    const hasRequired = args.kind === 'object' && args.properties.some((property) => property.required);
    signature.push(hasRequired ? `params: ${input}` : `params: Optional[${input}] = None`);
    argDocs.push(`params: the arguments (see ${input}).`);
    call = `{**(params or {}), ${assigned.join(', ')}}`;
  }
  signature.push('request_options: Optional[RequestOptions] = None');
  argDocs.push('request_options: per-call timeout, retries and reading of stored results.');

  const doc = docstring(
    [
      operation.summary,
      ...(operation.description ? ['', operation.description] : []),
      '',
      'Args:',
      ...argDocs.map((line) => `    ${line}`),
    ],
    '        ',
  );
  const invoke =
    operation.kind === 'tool'
      ? `self.call_tool(${pythonString(operation.names.mcp)}, ${call}, request_options)`
      : `self.request(OPERATIONS[${pythonString(operation.names.python)}], ${call}, request_options)`;
  const params = signature.map((part) => `        ${part},`).join('\n');
  return `    def ${operation.names.python}(\n${params}\n    ) -> ${response}:\n${doc}        return ${invoke}\n`;
}

export function emitPythonClient(model: ClientModel): string {
  const module = buildTypes(model);
  const tools = model.operations.filter((operation) => operation.kind === 'tool');
  const endpoints = model.operations.filter((operation) => operation.kind === 'endpoint');
  const specs = endpoints.map((operation) => {
    const { spec } = operation;
    const fields = [
      `"method": ${pythonString(spec.method)}`,
      `"path": ${pythonString(spec.path)}`,
      `"path_params": [${spec.pathParams.map(pythonString).join(', ')}]`,
      `"query_params": [${spec.queryParams.map(pythonString).join(', ')}]`,
      `"body": ${pythonString(spec.body)}`,
    ];
    return `    ${pythonString(operation.names.python)}: {${fields.join(', ')}},`;
  });
  const imported = ['ToolName', ...module.types.names].map((name) => `    ${name},`).join('\n');
  return [
    model.header('#'),
    `"""Typed client of ${model.title} ${model.version}: one method per tool and per endpoint."""`,
    '',
    'from __future__ import annotations',
    '',
    TYPING_IMPORTS,
    '',
    'from ._http import BaseClient, OperationSpec, RequestOptions',
    'from ._paging import every_item, every_numbered_item, poll_until',
    `from .types import (\n${imported}\n)`,
    '',
    '# The tools this SDK was generated against, in the catalog order.',
    `TOOL_NAMES = (${tools.map((operation) => `${pythonString(operation.names.mcp)},`).join(' ')})`,
    '',
    '# How each endpoint (everything but the tools) is called.',
    `OPERATIONS: Dict[str, OperationSpec] = {${specs.length ? `\n${specs.join('\n')}\n` : ''}}`,
    '',
    '',
    'class WebExtractionClient(BaseClient):',
    docstring(
      [
        `Typed client of ${model.title} ${model.version}: one method per tool and per endpoint.`,
        '',
        'Errors are raised as ``ApiError`` subclasses carrying ``code``, ``message``, ``details``,',
        '``status`` and ``request_id``.',
      ],
      '    ',
    ),
    [...[...tools, ...endpoints].map((operation) => method(operation, module)), ...helperMethods(model)].join(
      '\n',
    ),
  ].join('\n');
}
