import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => join(folder, file));
}

/** Every relative import of `file`, as a path from the repository root. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]);
  return specifiers.map((specifier) => relative(root, resolve(root, dirname(file), specifier)));
}

// The app layer (HTTP, middleware, Lambda adapter) sits on top: what it serves must not know it,
// or every tool's bundle drags the whole chain in and the layers cannot be tested apart.
const lowerLayers = ['lib/tools', 'lib/fetch', 'lib/extract', 'lib/ledger', 'lib/auth', 'lib/db', 'lib/kv'];

describe('layers', () => {
  for (const folder of lowerLayers) {
    it(`${folder} does not import lib/app`, () => {
      const offending = sourceFiles(folder).flatMap((file) =>
        importsOf(file)
          .filter((target) => target.startsWith('lib/app/'))
          .map((target) => `${file} → ${target}`),
      );
      expect(offending).toEqual([]);
    });
  }

  it('lib/fetch and lib/extract do not import tools', () => {
    const offending = [...sourceFiles('lib/fetch'), ...sourceFiles('lib/extract')].flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith('lib/tools/'))
        .map((target) => `${file} → ${target}`),
    );
    expect(offending).toEqual([]);
  });
});
