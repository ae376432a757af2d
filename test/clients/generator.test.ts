import { describe, expect, it } from 'vitest';
import { emitPythonClient } from '../../scripts/clients/emit-python.js';
import { renderType } from '../../scripts/clients/emit-typescript.js';
import { mcpCatalogOf } from '../../scripts/clients/mcp-catalog.js';
import { clientModel } from '../../scripts/clients/model.js';
import { camelCase, pascalCase, snakeCase } from '../../scripts/clients/names.js';
import { type OpenApiDocument, operationsOf } from '../../scripts/clients/operations.js';
import { PythonTypes } from '../../scripts/clients/python-types.js';
import { toTypeNode } from '../../scripts/clients/schema-ir.js';
import { buildHttpCall, type OperationSpec } from '../../sdk/typescript/src/core/operation.js';

const json = (schema: object) => ({ content: { 'application/json': { schema } } });

/** A document with the shapes the generator has to get right, whatever routes land later. */
const document: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Test API', version: '9.9.9' },
  components: {
    schemas: {
      Node: {
        type: 'object',
        properties: {
          name: { type: 'string', example: 'root' },
          children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
        },
        required: ['name'],
      },
    },
    parameters: {
      Cursor: { name: 'cursor', in: 'query', schema: { type: 'string' }, description: 'From next_cursor.' },
    },
  },
  paths: {
    '/api/v1/tools/read_page': {
      get: { operationId: 'read_page_describe', responses: {} },
      post: {
        operationId: 'read_page',
        summary: 'Read a page',
        description: 'Reads it.\n\nCredits: 1.',
        requestBody: {
          required: true,
          ...json({
            type: 'object',
            properties: {
              url: { type: 'string', example: 'https://example.com' },
              from: { type: 'string' },
              max_inline_chars: { type: 'integer', default: 40000 },
            },
            required: ['url'],
          }),
        },
        responses: { 200: json({ type: 'object' }) },
      },
    },
    '/api/v1/trees/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        operationId: 'getTree',
        parameters: [{ $ref: '#/components/parameters/Cursor' }],
        responses: { 200: json({ $ref: '#/components/schemas/Node' }) },
      },
      put: {
        requestBody: json({
          type: 'object',
          properties: { id: { type: 'string' }, name: { type: 'string' } },
        }),
        responses: { 200: json({ $ref: '#/components/schemas/Node' }) },
      },
      delete: { operationId: 'deleteTree', responses: { 200: json({ type: 'object' }) } },
    },
    '/health': { get: { operationId: 'health', responses: {} } },
  },
};

describe('operations of a document', () => {
  const operations = operationsOf(document);
  const byId = Object.fromEntries(operations.map((operation) => [operation.operationId, operation]));

  it('takes each tool POST and every other /api/ operation, not self-descriptions or other paths', () => {
    expect(operations.map((operation) => operation.operationId)).toEqual([
      'read_page',
      'getTree',
      'put_trees_id',
      'deleteTree',
    ]);
    expect(byId.read_page.kind).toBe('tool');
    expect(byId.getTree.kind).toBe('endpoint');
  });

  it('names each operation for each client', () => {
    expect(byId.read_page.names).toEqual({
      typescript: 'readPage',
      python: 'read_page',
      mcp: 'read_page',
      type: 'ReadPage',
    });
    expect(byId.getTree.names).toEqual({
      typescript: 'getTree',
      python: 'get_tree',
      mcp: 'get_tree',
      type: 'GetTree',
    });
    expect([camelCase('HTTPServerError'), snakeCase('getURLList'), pascalCase('extract-text')]).toEqual([
      'httpServerError',
      'get_url_list',
      'ExtractText',
    ]);
  });

  it('collects path parameters of the path item and referenced query parameters', () => {
    expect(byId.getTree.spec).toEqual({
      method: 'GET',
      path: '/api/v1/trees/{id}',
      pathParams: ['id'],
      queryParams: ['cursor'],
      body: 'none',
    });
    expect(byId.getTree.input).toMatchObject({
      required: ['id'],
      properties: { cursor: { description: 'From next_cursor.' } },
    });
  });

  it('spreads body fields into the arguments, or nests the body when a field would collide with a parameter', () => {
    expect(byId.read_page.spec.body).toBe('fields');
    expect(byId.put_trees_id.spec.body).toBe('nested');
    expect(Object.keys(byId.put_trees_id.input.properties)).toEqual(['id', 'body']);
  });

  it('refuses two operations that would get the same method name', () => {
    const twice = structuredClone(document);
    twice.paths['/api/v1/other'] = { get: { operationId: 'get_tree', responses: {} } };
    expect(() => operationsOf(twice)).toThrow(/both map to the typescript name "getTree"/);
  });
});

describe('buildHttpCall', () => {
  const spec: OperationSpec = {
    method: 'PATCH',
    path: '/api/v1/trees/{id}',
    pathParams: ['id'],
    queryParams: ['tag'],
    body: 'fields',
  };

  it('fills and encodes the path, repeats array query values and sends the rest as the body', () => {
    expect(buildHttpCall(spec, { id: 'a/b c', tag: ['x', 'y'], name: 'n', skipped: undefined })).toEqual({
      method: 'PATCH',
      url: '/api/v1/trees/a%2Fb%20c?tag=x&tag=y',
      body: { name: 'n' },
    });
    expect(buildHttpCall({ ...spec, body: 'nested' }, { id: '1', body: [1, 2] }).body).toEqual([1, 2]);
  });

  it('refuses a call without its path parameter', () => {
    expect(() => buildHttpCall(spec, { name: 'n' })).toThrow(/Missing path parameter "id"/);
  });
});

describe('types', () => {
  it('renders unions, nullables, enums, records and references for TypeScript', () => {
    const render = (schema: object) => renderType(toTypeNode(schema));
    expect(render({ type: ['string', 'null'] })).toBe('string | null');
    expect(render({ anyOf: [{ type: 'string', enum: ['a', 'b'] }, { type: 'boolean' }] })).toBe(
      '"a" | "b" | boolean',
    );
    expect(render({ type: 'array', items: { enum: ['x', 'y'] } })).toBe('Array<"x" | "y">');
    expect(render({ type: 'object', additionalProperties: { type: 'integer' } })).toBe(
      'Record<string, number>',
    );
    expect(render({ $ref: '#/components/schemas/Node' })).toBe('Node');
    expect(render({ type: 'string', nullable: true })).toBe('string | null');
    expect(render({ anyOf: [{ type: 'string' }, { const: 'x' }] })).toBe('string');
  });

  it('hoists nested objects into named TypedDicts for Python, named after their discriminator', () => {
    const types = new PythonTypes();
    const node = toTypeNode({
      type: 'array',
      items: {
        anyOf: [
          { type: 'string', enum: ['markdown'] },
          {
            type: 'object',
            properties: { type: { const: 'highlights' }, query: { type: 'string' } },
            required: ['type'],
          },
        ],
      },
    });
    expect(types.render(node, 'ScrapeInputFormats')).toBe(
      'List[Union[Literal["markdown"], "ScrapeInputFormatsHighlights"]]',
    );
    expect(types.definitions.join('\n')).toContain('class ScrapeInputFormatsHighlights(');
    expect(types.render(toTypeNode({ type: ['integer', 'null'] }), 'X')).toBe('Optional[int]');
  });

  it('gives Python keyword arguments safe names and maps them back to the field', () => {
    const python = emitPythonClient(clientModel(document));
    expect(python).toContain('        from_: Optional[str] = None,');
    expect(python).toContain('{"url": url, "from": from_, "max_inline_chars": max_inline_chars}');
    expect(python).toContain(
      '    def put_trees_id(\n        self,\n        id: str,\n        *,\n        body: Optional[',
    );
  });
});

describe('the MCP tool list of a document', () => {
  const catalog = mcpCatalogOf(document);
  const byName = Object.fromEntries(catalog.tools.map((entry) => [entry.name, entry]));

  it('inlines references (cutting recursion) and drops examples from input schemas', () => {
    const text = JSON.stringify(catalog);
    expect(text).not.toContain('$ref');
    expect(text).not.toContain('"example"');
    expect(byName.put_trees_id.inputSchema.properties?.body).toMatchObject({ type: 'object' });
  });

  it('hints read-only GETs, destructive DELETEs, open-world tools, and which tools take max_inline_chars', () => {
    expect(byName.read_page).toMatchObject({
      kind: 'tool',
      acceptsMaxInlineChars: true,
      annotations: { title: 'Read a page', openWorldHint: true },
      description: 'Reads it.\n\nCredits: 1.',
    });
    expect(byName.get_tree.annotations).toMatchObject({ readOnlyHint: true });
    expect(byName.delete_tree.annotations).toMatchObject({ destructiveHint: true, idempotentHint: true });
    expect(catalog.server).toEqual({ name: 'web-extraction-service', version: '9.9.9' });
  });
});
