import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createApp } from '../../../lib/app/create-app.js';
import { serviceRoutes } from '../../../lib/app/service-routes.js';
import { mcpCatalog } from '../../../lib/mcp/catalog.generated.js';
import { createMcpServer } from '../../../lib/mcp/server.js';
import type { Services } from '../../../lib/services.js';
import type { JsonSchema } from '../../../lib/tools/json-schema.js';
import { tools } from '../../../lib/tools/registry.js';

/** One tool as each reader sees it: the GET self-description, `/openapi.json` and MCP `tools/list`. */
export interface PublishedTool {
  name: string;
  describe: JsonSchema;
  openapi: { operation: JsonSchema };
  mcp: JsonSchema;
}

/**
 * Asks the app itself (GET on the tool path, GET /openapi.json) and a real MCP client over an
 * in-memory transport (tools/list): no database is needed, since none of the three touches one.
 */
export async function publishedTools(): Promise<{ tools: PublishedTool[]; document: JsonSchema }> {
  const services = new Promise<Services>(() => {});
  const app = createApp({ services, tools, withDocuments: true, mounts: serviceRoutes });
  const document = (await (await app.request('http://localhost/openapi.json')).json()) as JsonSchema;
  const server = createMcpServer(mcpCatalog, {
    apiKey: 'unused',
    accountId: 'unused',
    origin: 'http://localhost',
    dispatch: fetch,
    db: undefined as never,
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'schema-identity', version: '1.0.0' });
  await client.connect(clientSide);
  const listed = (await client.listTools()).tools;
  await client.close();
  await server.close();
  const published: PublishedTool[] = [];
  for (const tool of tools) {
    const response = await app.request(`http://localhost/api/v1/tools/${tool.name}`);
    published.push({
      name: tool.name,
      describe: ((await response.json()) as JsonSchema).data,
      openapi: { operation: document.paths[`/api/v1/tools/${tool.name}`].post },
      mcp: listed.find((entry) => entry.name === tool.name) as JsonSchema,
    });
  }
  return { tools: published, document };
}

/** The schema without `example`/`examples`, which MCP leaves out (they cost an agent context tokens). */
export function withoutExamples(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutExamples);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => key !== 'example' && key !== 'examples')
      .map(([key, value]) => [
        key,
        key === 'properties' ? propertiesWithoutExamples(value) : withoutExamples(value),
      ]),
  );
}

/** A `properties` map keeps its names (a result may have a field called `examples`). */
function propertiesWithoutExamples(properties: unknown): unknown {
  if (typeof properties !== 'object' || properties === null) return properties;
  return Object.fromEntries(
    Object.entries(properties).map(([name, value]) => [name, withoutExamples(value)]),
  );
}

/**
 * Every subschema that carries `pattern`, with its location and the examples its ancestors give
 * for it (an array's example holds its items' examples, an object's its properties').
 */
export function patternNodes(
  schema: unknown,
  at = '#',
  inherited: unknown[] = [],
): { at: string; node: JsonSchema; inherited: unknown[] }[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const node = schema as JsonSchema;
  const examples = [...inherited, ...('example' in node ? [node.example] : []), ...(node.examples ?? [])];
  const found = typeof node.pattern === 'string' ? [{ at, node, inherited }] : [];
  const objects = examples.filter(
    (value): value is JsonSchema => typeof value === 'object' && value !== null,
  );
  for (const [name, property] of Object.entries((node.properties ?? {}) as JsonSchema)) {
    const own = objects.filter((value) => !Array.isArray(value)).map((value) => value[name]);
    found.push(
      ...patternNodes(
        property,
        `${at}/properties/${name}`,
        own.filter((v) => v !== undefined),
      ),
    );
  }
  if (node.items) {
    const items = objects.filter(Array.isArray).flat();
    found.push(...patternNodes(node.items, `${at}/items`, items));
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    (node[key] ?? []).forEach((member: unknown, index: number) => {
      found.push(...patternNodes(member, `${at}/${key}/${index}`, examples));
    });
  }
  if (typeof node.additionalProperties === 'object') {
    const values = objects.filter((value) => !Array.isArray(value)).flatMap((value) => Object.values(value));
    found.push(...patternNodes(node.additionalProperties, `${at}/additionalProperties`, values));
  }
  return found;
}
