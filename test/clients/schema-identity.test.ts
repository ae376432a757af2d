import { Validator } from '@cfworker/json-schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { tools } from '../../lib/tools/registry.js';
import {
  type PublishedTool,
  patternNodes,
  publishedTools,
  withoutExamples,
} from './support/published-schemas.js';

let published: PublishedTool[];
beforeAll(async () => {
  published = (await publishedTools()).tools;
});

/**
 * One zod → JSON Schema conversion feeds the three places a tool's request schema is read from, so
 * a host validating MCP arguments, a client generated from /openapi.json and a reader of the GET
 * self-description all agree with the validator (they disagreed on 13 tools).
 */
describe('request schemas', () => {
  it('are the same in the self-description, /openapi.json and MCP tools/list for every tool', () => {
    expect(published.map((tool) => tool.name)).toEqual(tools.map((tool) => tool.name));
    for (const tool of published) {
      const request = tool.describe.request_schema;
      const openapi = tool.openapi.operation.requestBody.content['application/json'].schema;
      expect(openapi, tool.name).toEqual(request);
      expect(tool.mcp.inputSchema, tool.name).toEqual(withoutExamples(request));
    }
  });

  it('publish only patterns that compile as ECMA-262 `u` regexes and accept their own examples', () => {
    let checked = 0;
    for (const tool of published) {
      for (const { at, node, inherited } of patternNodes(tool.describe.request_schema)) {
        const where = `${tool.name} ${at}`;
        expect(() => new RegExp(node.pattern, 'u'), where).not.toThrow();
        const examples = [...inherited, node.example, ...(node.examples ?? [])].filter(
          (value) => typeof value === 'string',
        );
        expect(examples.length, `${where} has no example to check its pattern with`).toBeGreaterThan(0);
        for (const example of examples) expect(new RegExp(node.pattern, 'u').test(example), where).toBe(true);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(2);
  });

  it('accept every tool’s contract example as a JSON Schema validator does (an MCP host, Ajv)', () => {
    for (const tool of tools) {
      const schema = published.find((entry) => entry.name === tool.name)!.mcp.inputSchema;
      const result = new Validator(schema, '2020-12', false).validate(tool.example);
      expect(result.errors, tool.name).toEqual([]);
    }
  });

  it('take a two-letter language the way the API does, in either case (the leaked `/i` flag refused all)', () => {
    const byName = (name: string) => published.find((tool) => tool.name === name)!.mcp.inputSchema;
    const searchWeb = new Validator(byName('search_web'), '2020-12', false);
    expect(searchWeb.validate({ query: 'q', lang: 'en' }).valid).toBe(true);
    expect(searchWeb.validate({ query: 'q', lang: 'EN' }).valid).toBe(true);
    expect(searchWeb.validate({ query: 'q', lang: 'eng' }).valid).toBe(false);
    const research = new Validator(byName('deep_research'), '2020-12', false);
    expect(
      research.validate({ research_query: 'How does HTTP caching work?', research_scope: { language: 'DE' } })
        .valid,
    ).toBe(true);
  });

  it('list the redact_pii modes and entities the validator enforces', () => {
    const extractText = published.find((tool) => tool.name === 'extract_text')!;
    const redact = extractText.describe.request_schema.properties.redact_pii.anyOf[1].properties;
    expect(redact.mode.enum).toEqual(['fast', 'model']);
    expect(redact.entities.items.enum).toEqual(['email', 'phone', 'credit_card', 'ssn']);
  });
});

/**
 * Each tool's declared result schema reaches every reader the same way: the self-description's
 * `response_schema`, the OpenAPI 200 (its `data` the <Tool>Result component) and MCP `outputSchema`
 * (the envelope without `success`, `data` also allowed to be the stored-result handle).
 */
describe('result schemas', () => {
  it('are the same in the self-description, /openapi.json and MCP outputSchema for every tool', async () => {
    const { document } = await publishedTools();
    for (const tool of published) {
      const response = tool.describe.response_schema;
      expect(response, tool.name).toBeDefined();
      const openapi = tool.openapi.operation.responses['200'].content['application/json'].schema;
      const component = openapi.properties.data.$ref.split('/').at(-1);
      expect(document.components.schemas[component], tool.name).toEqual(response.properties.data);
      expect({ ...openapi, properties: { ...openapi.properties, data: response.properties.data } }).toEqual(
        response,
      );
      const { success: _success, ...outputProperties } = withoutExamples(response.properties) as Record<
        string,
        unknown
      >;
      expect(tool.mcp.outputSchema, tool.name).toEqual({
        ...(withoutExamples(response) as object),
        properties: {
          ...outputProperties,
          data: {
            anyOf: [
              withoutExamples(response.properties.data),
              withoutExamples(document.components.schemas.StoredResult),
            ],
          },
        },
        required: response.required.filter((name: string) => name !== 'success'),
      });
    }
  });
});
