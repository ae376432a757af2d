import { emitPythonExamples, emitTypescriptExamples } from './emit-examples.js';
import { emitPythonClient, emitPythonTypes } from './emit-python.js';
import { emitClient, emitTypes } from './emit-typescript.js';
import { mcpCatalogOf } from './mcp-catalog.js';
import { clientModel } from './model.js';
import type { OpenApiDocument } from './operations.js';

/** Every generated file, by its path from the repository root. Nothing else under these paths is generated. */
export const GENERATED_PATHS = {
  typescriptTypes: 'sdk/typescript/src/generated/types.ts',
  typescriptClient: 'sdk/typescript/src/generated/client.ts',
  pythonTypes: 'sdk/python/web_extraction/types.py',
  pythonClient: 'sdk/python/web_extraction/client.py',
  mcpCatalog: 'lib/mcp/catalog.generated.ts',
  typescriptExamples: 'sdk/typescript/examples/tools.ts',
  pythonExamples: 'sdk/python/examples/tools.py',
} as const;

function emitMcpCatalog(document: OpenApiDocument, header: string): string {
  const catalog = JSON.stringify(mcpCatalogOf(document), null, 2);
  return `${header}import type { McpCatalog } from './catalog.js';\n\nexport const mcpCatalog: McpCatalog = ${catalog};\n`;
}

/** The clients of one OpenAPI document: path → file content. Pure, so the drift test can run it. */
export function generateClientFiles(document: OpenApiDocument): Record<string, string> {
  const model = clientModel(document);
  return {
    [GENERATED_PATHS.typescriptTypes]: emitTypes(model),
    [GENERATED_PATHS.typescriptClient]: emitClient(model),
    [GENERATED_PATHS.pythonTypes]: emitPythonTypes(model),
    [GENERATED_PATHS.pythonClient]: emitPythonClient(model),
    [GENERATED_PATHS.mcpCatalog]: emitMcpCatalog(document, model.header('//')),
    [GENERATED_PATHS.typescriptExamples]: emitTypescriptExamples(model),
    [GENERATED_PATHS.pythonExamples]: emitPythonExamples(model),
  };
}
