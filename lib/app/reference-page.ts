import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The interactive reference at /docs: Swagger UI reading our /openapi.json. Everything it loads is
 * served from our own origin, so an offline or locked-down deployment shows the reference rather
 * than a blank page waiting on a CDN.
 */
export const REFERENCE_ASSETS = ['swagger-ui-bundle.js', 'swagger-ui.css'] as const;
export type ReferenceAsset = (typeof REFERENCE_ASSETS)[number];

/** Where infra copies the assets beside a Lambda bundle (see infra/service-function.ts). */
export const REFERENCE_ASSETS_FOLDER = 'reference-assets';

export const referencePage = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Web Extraction Service API reference</title>
  <link rel="stylesheet" href="/docs/swagger-ui.css">
</head>
<body>
  <nav style="font-family: sans-serif; padding: 0.75rem 1.25rem; border-bottom: 1px solid #ddd">
    <a href="/dashboard">Dashboard</a> (monitors, usage) · <a href="/openapi.json">openapi.json</a> ·
    authorise with your key as <code>X-API-Key</code> or <code>Bearer</code>: either works on every path
  </nav>
  <noscript>This reference needs JavaScript. The raw description is at <a href="/openapi.json">/openapi.json</a>.</noscript>
  <div id="reference"></div>
  <script src="/docs/swagger-ui-bundle.js"></script>
  <script>
    window.ui = SwaggerUIBundle({
      url: '/openapi.json',
      dom_id: '#reference',
      deepLinking: true,
      defaultModelsExpandDepth: 0,
      docExpansion: 'list',
      validatorUrl: null,
    });
  </script>
</body>
</html>`;

/**
 * The folder holding the assets: beside the bundle in a Lambda (copied there at synth), else the
 * installed swagger-ui-dist package (dev server, tests).
 */
function candidateFolders(): string[] {
  const here = dirname(fileURLToPath(import.meta.url));
  const folders = [join(here, REFERENCE_ASSETS_FOLDER)];
  try {
    folders.push(dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json')));
  } catch {
    // Not installed beside this module: only the copied folder can serve.
  }
  return folders;
}

const cache = new Map<ReferenceAsset, Promise<Buffer>>();

/** An asset's bytes, read once per process. */
export function readReferenceAsset(name: ReferenceAsset): Promise<Buffer> {
  let bytes = cache.get(name);
  if (!bytes) {
    bytes = (async () => {
      for (const folder of candidateFolders()) {
        try {
          return await readFile(join(folder, name));
        } catch {}
      }
      throw new Error(`reference asset ${name} not found`);
    })();
    bytes.catch(() => cache.delete(name));
    cache.set(name, bytes);
  }
  return bytes;
}
