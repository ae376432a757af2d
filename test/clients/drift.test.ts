import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mcpCatalog } from '../../lib/mcp/catalog.generated.js';
import { tools } from '../../lib/tools/registry.js';
import { GENERATED_PATHS, generateClientFiles } from '../../scripts/clients/generate.js';
import { registryOpenApiDocument } from '../../scripts/clients/openapi-source.js';
import { OPERATIONS, TOOL_NAMES } from '../../sdk/typescript/src/generated/client.js';
import { ROOT } from './support/generated-copy.js';

const REGENERATE = 'the clients drifted from the registry / OpenAPI document: run `npm run generate:clients`';

/**
 * The SDKs and the MCP tool list are generated, never written by hand: regenerating them in memory
 * from today's registry must give exactly the committed files. A tool or an endpoint added without
 * regenerating fails here.
 */
describe('generated clients', () => {
  it('are exactly what the generator makes of the registry today', async () => {
    const files = generateClientFiles(await registryOpenApiDocument());
    expect(Object.keys(files).sort()).toEqual(Object.values(GENERATED_PATHS).sort());
    const stale = Object.entries(files)
      .filter(([path, content]) => readFileSync(join(ROOT, path), 'utf8') !== content)
      .map(([path]) => path);
    expect(stale, REGENERATE).toEqual([]);
  });

  it('name every registry tool, in the registry order, in both SDKs and the MCP tool list', () => {
    const names = tools.map((tool) => tool.name);
    expect([...TOOL_NAMES], REGENERATE).toEqual(names);
    const python = readFileSync(join(ROOT, GENERATED_PATHS.pythonClient), 'utf8');
    const pythonNames = [...(python.match(/^TOOL_NAMES = \((.*)\)$/m)?.[1].matchAll(/"([^"]+)"/g) ?? [])];
    expect(
      pythonNames.map((match) => match[1]),
      REGENERATE,
    ).toEqual(names);
    for (const name of names) expect(python, REGENERATE).toContain(`    def ${name}(\n`);
    const mcpTools = mcpCatalog.tools.filter((entry) => entry.kind === 'tool');
    expect(
      mcpTools.map((entry) => entry.name),
      REGENERATE,
    ).toEqual(names);
    for (const entry of mcpTools) {
      expect(entry.operation).toEqual({
        method: 'POST',
        path: `/api/v1/tools/${entry.name}`,
        pathParams: [],
        queryParams: [],
        body: 'fields',
      });
    }
  });

  it('carry every other endpoint of the document as SDK methods and MCP tools', async () => {
    const document = await registryOpenApiDocument();
    const endpointPaths = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/') && !path.startsWith('/api/v1/tools/'))
      .flatMap(([path, item]) =>
        Object.keys(item)
          .filter((key) => ['get', 'post', 'put', 'patch', 'delete'].includes(key))
          .map((method) => `${method.toUpperCase()} ${path}`),
      );
    const inSdk = Object.values(OPERATIONS as Record<string, { method: string; path: string }>).map(
      (spec) => `${spec.method} ${spec.path}`,
    );
    const inMcp = mcpCatalog.tools
      .filter((entry) => entry.kind === 'endpoint')
      .map((entry) => `${entry.operation.method} ${entry.operation.path}`);
    expect(inSdk.sort(), REGENERATE).toEqual(endpointPaths.sort());
    expect(inMcp.sort(), REGENERATE).toEqual(endpointPaths.sort());
  });
});
