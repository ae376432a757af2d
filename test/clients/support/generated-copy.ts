import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GENERATED_PATHS, generateClientFiles } from '../../../scripts/clients/generate.js';
import type { OpenApiDocument } from '../../../scripts/clients/operations.js';

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url)).replace(/\/$/, '');

/**
 * A copy of both SDKs, in a temporary folder, with the files generated from `document` in place
 * of the committed ones: what `npm run generate:clients` would write once the routes of `document`
 * exist. Returns the folder; `sdk/typescript` and `sdk/python` lie under it.
 */
export function sdkCopyFor(document: OpenApiDocument): string {
  const root = mkdtempSync(join(tmpdir(), 'sdk-copy-'));
  cpSync(join(ROOT, 'sdk/typescript/src'), join(root, 'sdk/typescript/src'), { recursive: true });
  for (const file of ['tsconfig.json', 'package.json']) {
    cpSync(join(ROOT, 'sdk/typescript', file), join(root, 'sdk/typescript', file));
  }
  cpSync(join(ROOT, 'sdk/python/web_extraction'), join(root, 'sdk/python/web_extraction'), {
    recursive: true,
    filter: (source) => !source.includes('__pycache__'),
  });
  const files = generateClientFiles(document);
  for (const path of Object.values(GENERATED_PATHS)) {
    if (!path.startsWith('sdk/')) continue;
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), files[path]);
  }
  return root;
}
