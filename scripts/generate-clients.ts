import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateClientFiles } from './clients/generate.js';
import { registryOpenApiDocument, remoteOpenApiDocument } from './clients/openapi-source.js';

/**
 * `npm run generate:clients`: writes the TypeScript SDK, the Python SDK and the MCP tool list from
 * the OpenAPI document of the registry (or of a running server: `-- --from <url>/openapi.json`).
 * `--check` writes nothing and fails when a committed file differs, as the drift test does.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const fromIndex = args.indexOf('--from');
  const from = fromIndex >= 0 ? args[fromIndex + 1] : undefined;
  const check = args.includes('--check');
  const root = fileURLToPath(new URL('..', import.meta.url));
  const document = from ? await remoteOpenApiDocument(from) : await registryOpenApiDocument();
  const files = generateClientFiles(document);
  const stale: string[] = [];
  for (const [path, content] of Object.entries(files)) {
    const target = join(root, path);
    let current: string | null = null;
    try {
      current = readFileSync(target, 'utf8');
    } catch {}
    if (current === content) continue;
    stale.push(path);
    if (!check) {
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, content);
    }
  }
  const verb = check ? 'out of date' : 'written';
  console.log(stale.length ? `${verb}: ${stale.join(', ')}` : 'clients are up to date');
  if (check && stale.length) process.exit(1);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
